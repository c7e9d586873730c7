import { requireAdmin } from "#server/http/guards.ts";
import { adminIntent, adminIntentAction, formIntent } from "#server/http/admin-action.ts";
import { parseFields } from "#server/http/read-form.ts";
import { listTaxCertificates } from "#server/tax-exemptions/list-tax-certificates.ts";
import { reviewTaxCertificate } from "#server/tax-exemptions/review-tax-certificate.ts";
import { EmptyList } from "#app/components/ui/empty-list.tsx";
import { FilterTabs } from "#app/components/ui/filter-tabs.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { AdminPageHeader } from "#app/features/admin/admin-page-header.tsx";
import { CertificatesList } from "#app/features/admin-tax-exemptions/certificates-list.tsx";
import { REVIEW_TOASTS } from "#app/features/admin-tax-exemptions/review-actions.tsx";
import { ADMIN_PAGES } from "#common/pages/site-paths.ts";
import {
  certificateIdSchema,
  refundCertificateTaxSchema,
  rejectCertificateSchema,
} from "#common/tax-exemptions/tax-exemption-schema.ts";
import { formatMoney } from "#common/money/money.ts";
import { refundExemptedTax } from "#server/tax-exemptions/refund-exempted-tax.ts";
import {
  CERTIFICATE_FILTERS,
  CERTIFICATE_REVIEW_INTENTS,
  EXPIRY_NOTICE_DAYS,
  type CertificateFilter,
} from "#common/tax-exemptions/tax-exemption-terms.ts";
import { usStateName } from "#common/us-states.ts";
import { noindexMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/tax-exemptions";

const PAGE = ADMIN_PAGES.taxExemptions;

export const meta = () => noindexMeta(PAGE.title);

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  // A failed read is the admin layout's error boundary's to show.
  return listTaxCertificates(context.services, { filter: params.get("filter"), page: params.get("page") });
}

/** Approve or reject a pending certificate (the reviewer is the signed-in admin); the toast says which. */
export function action(args: Route.ActionArgs) {
  return adminIntentAction(args, {
    [CERTIFICATE_REVIEW_INTENTS.approve]: adminIntent(
      ({ services, form, viewer }) =>
        reviewTaxCertificate(services, {
          reviewerId: viewer.userId,
          certificateId: parseFields(form, certificateIdSchema).certificateId,
          decision: "approve",
        }),
      {
        success: (result) => ({
          title: "Certificate approved",
          description: `${result.organisationName}'s certificate for ${usStateName(result.state)} is approved; the customer is told by e-mail.${
            result.taxedOrders > 0
              ? ` ${result.taxedOrders} order${result.taxedOrders === 1 ? " was" : "s were"} taxed while it was pending: refund the tax under Approved.`
              : ""
          }`,
        }),
        failureTitle: REVIEW_TOASTS.approve.failureTitle,
      },
    ),
    [CERTIFICATE_REVIEW_INTENTS.reject]: adminIntent(
      ({ services, form, viewer }) => {
        const { certificateId, reason } = parseFields(form, rejectCertificateSchema, ["reason"]);
        return reviewTaxCertificate(services, { reviewerId: viewer.userId, certificateId, decision: "reject", reason });
      },
      {
        success: (result) => ({
          title: "Certificate rejected",
          description: `${result.organisationName}'s certificate for ${usStateName(result.state)} is rejected; the customer is e-mailed the reason.`,
        }),
        failureTitle: REVIEW_TOASTS.reject.failureTitle,
      },
    ),
    [CERTIFICATE_REVIEW_INTENTS.refundTax]: formIntent(refundCertificateTaxSchema, refundExemptedTax, {
      success: (result) => ({
        title: "Sales tax refunded",
        description:
          result.refundedOrders.length === 0 || !result.currency
            ? "The tax of this order had already been refunded."
            : `${formatMoney(result.refundedCents, result.currency)} of sales tax refunded on ${result.refundedOrders.length} order${result.refundedOrders.length === 1 ? "" : "s"}; the customer is told by e-mail.`,
      }),
      failureTitle: "Could not refund the tax",
    }),
  });
}

const EMPTY: Record<CertificateFilter, string> = {
  pending: "No certificates are waiting for review.",
  approved: "No certificates have been approved yet.",
  rejected: "No certificates have been rejected.",
  expiring: `No approved certificate expires in the next ${EXPIRY_NOTICE_DAYS} days.`,
};

export default function TaxExemptions({ loaderData }: Route.ComponentProps) {
  const { filter, certificates, counts, today } = loaderData;
  return (
    <>
      <AdminPageHeader
        title={PAGE.title}
        intro="Sales tax exemption certificates sent by churches, schools and homeschool co-ops: review each one against the organisation."
      />
      <FilterTabs label="Certificates" param="filter" names={CERTIFICATE_FILTERS} counts={counts} current={filter} />
      {certificates.items.length === 0 ? (
        <EmptyList>{EMPTY[filter]}</EmptyList>
      ) : (
        <>
          <CertificatesList certificates={certificates.items} today={today} />
          <Pagination list={certificates} noun="certificate" />
        </>
      )}
    </>
  );
}
