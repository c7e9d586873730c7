import type { ComponentType } from "react";
import { SITE_PAGES } from "#common/pages/site-paths.ts";
import { AboutUsPage, pageMeta as aboutUs } from "./about-us.tsx";
import { ForChurchesPage, pageMeta as forChurches } from "./for-churches.tsx";
import { ForSchoolsPage, pageMeta as forSchools } from "./for-schools.tsx";
import type { PageMeta, StoreInfoProps } from "./info-page-layout.tsx";
import { OurMissionPage, pageMeta as ourMission } from "./our-mission.tsx";
import { PrivacyPolicyPage, pageMeta as privacyPolicy } from "./privacy-policy.tsx";
import { ReturnsAndRefundsPage, pageMeta as returnsAndRefunds } from "./returns-and-refunds.tsx";
import { ShippingInformationPage, pageMeta as shippingInformation } from "./shipping-information.tsx";
import { StatementOfFaithPage, pageMeta as statementOfFaith } from "./statement-of-faith.tsx";
import { TermsOfServicePage, pageMeta as termsOfService } from "./terms-of-service.tsx";

export interface InfoPage {
  meta: PageMeta;
  Page: ComponentType<StoreInfoProps>;
}

/** The static pages, by path. routes.ts registers one route per path, all served by routes/info-page.tsx. */
export const INFO_PAGES: Record<string, InfoPage> = {
  [SITE_PAGES.ourMission.path]: { meta: ourMission, Page: OurMissionPage },
  [SITE_PAGES.aboutUs.path]: { meta: aboutUs, Page: AboutUsPage },
  [SITE_PAGES.forChurches.path]: { meta: forChurches, Page: ForChurchesPage },
  [SITE_PAGES.forSchools.path]: { meta: forSchools, Page: ForSchoolsPage },
  [SITE_PAGES.termsOfService.path]: { meta: termsOfService, Page: TermsOfServicePage },
  [SITE_PAGES.privacyPolicy.path]: { meta: privacyPolicy, Page: PrivacyPolicyPage },
  [SITE_PAGES.statementOfFaith.path]: { meta: statementOfFaith, Page: StatementOfFaithPage },
  [SITE_PAGES.shippingInformation.path]: { meta: shippingInformation, Page: ShippingInformationPage },
  [SITE_PAGES.returnsAndRefunds.path]: { meta: returnsAndRefunds, Page: ReturnsAndRefundsPage },
};

export function infoPageAt(pathname: string): InfoPage | undefined {
  return INFO_PAGES[pathname.replace(/\/+$/, "") || "/"];
}
