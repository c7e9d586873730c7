import type { ComponentType } from "react";
import { AboutUsPage, pageMeta as aboutUs } from "./about-us.tsx";
import { ForChurchesPage, pageMeta as forChurches } from "./for-churches.tsx";
import { ForSchoolsPage, pageMeta as forSchools } from "./for-schools.tsx";
import type { ContactableInfoPageProps, PageMeta } from "./info-page-layout.tsx";
import { OurMissionPage, pageMeta as ourMission } from "./our-mission.tsx";
import { PrivacyPolicyPage, pageMeta as privacyPolicy } from "./privacy-policy.tsx";
import { ReturnsAndRefundsPage, pageMeta as returnsAndRefunds } from "./returns-and-refunds.tsx";
import { ShippingInformationPage, pageMeta as shippingInformation } from "./shipping-information.tsx";
import { StatementOfFaithPage, pageMeta as statementOfFaith } from "./statement-of-faith.tsx";
import { TermsOfServicePage, pageMeta as termsOfService } from "./terms-of-service.tsx";

export interface InfoPage {
  meta: PageMeta;
  Page: ComponentType<ContactableInfoPageProps>;
}

/** The static pages, by path. routes.ts registers one route per path, all served by routes/info-page.tsx. */
export const INFO_PAGES: Record<string, InfoPage> = {
  "/our-mission": { meta: ourMission, Page: OurMissionPage },
  "/about-us": { meta: aboutUs, Page: AboutUsPage },
  "/for-churches": { meta: forChurches, Page: ForChurchesPage },
  "/for-schools": { meta: forSchools, Page: ForSchoolsPage },
  "/terms-of-service": { meta: termsOfService, Page: TermsOfServicePage },
  "/privacy-policy": { meta: privacyPolicy, Page: PrivacyPolicyPage },
  "/statement-of-faith": { meta: statementOfFaith, Page: StatementOfFaithPage },
  "/shipping-information": { meta: shippingInformation, Page: ShippingInformationPage },
  "/returns-and-refunds": { meta: returnsAndRefunds, Page: ReturnsAndRefundsPage },
};

export function infoPageAt(pathname: string): InfoPage | undefined {
  return INFO_PAGES[pathname.replace(/\/+$/, "") || "/"];
}
