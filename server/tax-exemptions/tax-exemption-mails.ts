import type { Kysely } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import type { TaxExemptionMailKind } from "#server/mail/mail-outbox.ts";
import { storeSender, type OutgoingMail } from "#server/mail/mailer.ts";
import { layoutMail } from "#server/mail/mail-layout.ts";
import { getPublicStoreSettings } from "#server/settings/public-settings.ts";
import { formatLongDate } from "#common/dates.ts";
import { SITE_PAGES } from "#common/pages/site-paths.ts";
import { CERTIFICATE_DOCUMENT_KINDS, ORGANISATION_KINDS } from "#common/tax-exemptions/tax-exemption-terms.ts";
import { usStateName } from "#common/us-states.ts";

export interface TaxExemptionMailDeps {
  db: Kysely<Database>;
  env: Pick<Env, "PUBLIC_URL">;
}

/**
 * Renders a queued certificate mail from the certificate as it is now, to the account's current
 * address. As in order mails, what customers and staff typed (the organisation's name, the
 * number, the reason) appears only as labelled values, never in the sentences. Returns null when
 * the certificate or its account is gone (nobody to tell).
 */
export async function renderTaxExemptionMail(
  deps: TaxExemptionMailDeps,
  mail: { kind: TaxExemptionMailKind; certificateId: string },
): Promise<OutgoingMail | null> {
  const certificate = await deps.db
    .selectFrom("tax_exemption_certificates as c")
    .innerJoin("user as u", "u.id", "c.user_id")
    .select([
      "u.email",
      "c.state",
      "c.document_kind",
      "c.certificate_number",
      "c.expires_on",
      "c.organisation_name",
      "c.organisation_kind",
      "c.rejection_reason",
    ])
    .where("c.id", "=", mail.certificateId)
    .executeTakeFirst();
  if (!certificate) return null;
  const store = await getPublicStoreSettings({ db: deps.db });
  const state = usStateName(certificate.state);
  const expires = formatLongDate(certificate.expires_on);
  const details: [string, string][] = [
    ["Organisation", `${certificate.organisation_name} (${ORGANISATION_KINDS[certificate.organisation_kind]})`],
    ["State", state],
    ["Certificate", CERTIFICATE_DOCUMENT_KINDS[certificate.document_kind]],
    ["Certificate number", certificate.certificate_number],
    ["Expires", expires],
  ];
  const content = {
    "tax-certificate-approved": {
      subject: `Your tax exemption for ${state} is approved`,
      paragraphs: [
        `We have approved your sales tax exemption certificate for ${state}. It is on file with us until it expires on ${expires}.`,
      ],
      details,
    },
    "tax-certificate-rejected": {
      subject: `Your tax exemption certificate for ${state} was not accepted`,
      paragraphs: [
        `We could not accept your sales tax exemption certificate for ${state}. The reason is given below.`,
        "You can send a corrected certificate from your account at any time.",
      ],
      details: [...details, ["Reason", certificate.rejection_reason ?? ""] as [string, string]],
    },
    "tax-certificate-expiring": {
      subject: `Your tax exemption certificate for ${state} expires on ${expires}`,
      paragraphs: [
        `Your sales tax exemption certificate for ${state} expires on ${expires}.`,
        "To keep buying tax-exempt after that day, please send us the renewed certificate from your account.",
      ],
      details,
    },
  }[mail.kind];
  const link = {
    label: SITE_PAGES.taxExemption.title,
    url: `${deps.env.PUBLIC_URL.replace(/\/+$/, "")}${SITE_PAGES.taxExemption.path}`,
  };
  const { text, html } = layoutMail({
    storeName: store.storeName,
    blocks: [
      { text: "Hello," },
      ...content.paragraphs.map((paragraph) => ({ text: paragraph })),
      { details: content.details },
      { link },
    ],
  });
  return {
    from: storeSender(store),
    to: certificate.email,
    subject: content.subject,
    text,
    html,
  };
}
