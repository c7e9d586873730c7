import type { ComponentType } from "react";
import { SITE_PAGES } from "#common/pages/site-paths.ts";
import { OurMissionPage } from "./our-mission.tsx";
import { AboutUsPage } from "./about-us.tsx";
import { ForChurchesPage } from "./for-churches.tsx";
import { ForSchoolsPage } from "./for-schools.tsx";
import { TermsOfServicePage } from "./terms-of-service.tsx";
import { PrivacyPolicyPage } from "./privacy-policy.tsx";
import { StatementOfFaithPage } from "./statement-of-faith.tsx";
import { ShippingInformationPage } from "./shipping-information.tsx";
import { ReturnsAndRefundsPage } from "./returns-and-refunds.tsx";
import type { StoreInfoProps } from "./info-page-layout.tsx";

/** A static page: its description (the meta tag), the intro under its title, and its text. */
interface InfoPageText {
  description: string;
  intro: string | ((store: StoreInfoProps) => string);
  /** For a legal document: the date it last changed (ISO and display forms). */
  lastUpdated?: { iso: string; label: string };
  Body: ComponentType<StoreInfoProps>;
}

/** A static page as its route shows it: its title is the path table's (common/pages/site-paths.ts). */
export interface InfoPage extends InfoPageText {
  title: string;
}

const INFO_PAGE_TEXTS = {
  ourMission: {
    description:
      "Why we make illustrated, biblically faithful Bible-story books: to help children know, love and trust the God of the Bible.",
    intro:
      "We exist to help children know, love, and trust the God of the Bible, one faithful, beautifully illustrated story at a time.",
    Body: OurMissionPage,
  },
  aboutUs: {
    description:
      "Meet the small team of writers, illustrators and reviewers behind our illustrated, biblically faithful children's Bible-story books.",
    intro: ({ storeName }) =>
      `${storeName} is a small, independent Christian publisher of illustrated Bible-story books for children ages 3 to 8, and for the grown-ups who read with them.`,
    Body: AboutUsPage,
  },
  forChurches: {
    description:
      "Faithful, illustrated Bible-story books for Sunday school, children's ministry, church libraries and family take-home gifts.",
    intro:
      "Partnering with churches to help the next generation hear the true stories of Scripture, told faithfully and beautifully.",
    Body: ForChurchesPage,
  },
  forSchools: {
    description:
      "Illustrated, biblically faithful Bible-story books for Christian schools, classrooms, homeschool families and co-ops, ages 3-8.",
    intro:
      "Helping Christian schools, homeschool families, and co-ops teach the stories of the Bible with confidence and joy.",
    Body: ForSchoolsPage,
  },
  termsOfService: {
    description:
      "The terms that apply when you use our website and buy our children's Bible-story books: accounts, orders, payment, shipping, returns and more.",
    intro: ({ storeName }) =>
      `Thank you for visiting ${storeName}. These terms explain the rules for using our website and buying our books. Please read them carefully.`,
    lastUpdated: { iso: "2025-07-03", label: "July 3, 2025" },
    Body: TermsOfServicePage,
  },
  privacyPolicy: {
    description:
      "What personal information we collect, why we use it, how long we keep it, and your rights. No tracking or advertising cookies.",
    intro: ({ storeName }) =>
      `Families trust ${storeName} with their children's bookshelves, and we take the trust you place in us with your personal information just as seriously. This policy explains, in plain language, what we collect and why.`,
    lastUpdated: { iso: "2025-07-03", label: "July 3, 2025" },
    Body: PrivacyPolicyPage,
  },
  statementOfFaith: {
    description:
      "What we believe about Scripture, God, Christ and salvation, and how those convictions shape every children's Bible-story book we publish.",
    intro: ({ storeName }) =>
      `${storeName} joins with Christians throughout history in confessing the faith once for all delivered to the saints. These are the convictions that guide our work.`,
    Body: StatementOfFaithPage,
  },
  shippingInformation: {
    description:
      "We ship worldwide. Orders are processed in 1-3 business days; see delivery times by region, order tracking, and customs information.",
    intro:
      "We ship worldwide, so faithful Bible stories can reach families, churches, and schools wherever they are. Here is what to expect once you place your order.",
    Body: ShippingInformationPage,
  },
  returnsAndRefunds: {
    description:
      "Return unused items in their original packaging within 30 days of receipt. How to start a return, refunds, damaged items and bundle guarantees.",
    intro:
      "We want every book to be a blessing in your home, church, or classroom. If something isn't right, we're here to help.",
    Body: ReturnsAndRefundsPage,
  },
} satisfies Partial<Record<keyof typeof SITE_PAGES, InfoPageText>>;

/** The static pages, by path. routes.ts registers one route per path, all served by routes/info-page.tsx. */
const INFO_PAGES: Record<string, InfoPage> = Object.fromEntries(
  Object.entries(INFO_PAGE_TEXTS).map(([key, text]) => {
    const { path, title } = SITE_PAGES[key as keyof typeof INFO_PAGE_TEXTS];
    return [path, { title, ...text }];
  }),
);

export function infoPageAt(pathname: string): InfoPage | undefined {
  return INFO_PAGES[pathname.replace(/\/+$/, "") || "/"];
}
