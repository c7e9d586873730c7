import { readFile } from "node:fs/promises";
import path from "node:path";
import { Church } from "lucide-react";
import { data } from "react-router";
import { tooManyAttempts } from "#server/accounts/auth-limits.ts";
import { AppError } from "#server/errors/app-error.ts";
import { runAction, type ActionFailure } from "#server/http/action-result.ts";
import { flashedToast, redirectWithToast } from "#server/http/flash.ts";
import { requireViewer } from "#server/http/guards.ts";
import { parseFields, readFormWithUpload, type FormWithUpload } from "#server/http/read-form.ts";
import { listMyTaxCertificates } from "#server/tax-exemptions/list-my-tax-certificates.ts";
import { getOrganisation, saveOrganisation } from "#server/tax-exemptions/organisation.ts";
import { submitTaxCertificate } from "#server/tax-exemptions/submit-tax-certificate.ts";
import { withdrawTaxCertificate } from "#server/tax-exemptions/withdraw-tax-certificate.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { SITE_PAGES } from "#common/pages/site-paths.ts";
import {
  CERTIFICATE_FIELDS,
  certificateIdSchema,
  certificateSchema,
  ORGANISATION_FIELDS,
  organisationSchema,
} from "#common/tax-exemptions/tax-exemption-schema.ts";
import {
  CERTIFICATE_FILE_FIELD,
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_TOO_LARGE_MESSAGE,
  TAX_EXEMPTION_INTENTS,
  utcDate,
} from "#common/tax-exemptions/tax-exemption-terms.ts";
import { usStateName } from "#common/us-states.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { ServerToastIsland } from "#app/components/ui/server-toast.tsx";
import { CertificateForm, type CertificateValues } from "#app/features/tax-exemptions/certificate-form.tsx";
import { MyCertificates } from "#app/features/tax-exemptions/my-certificates.tsx";
import { OrganisationForm, type OrganisationValues } from "#app/features/tax-exemptions/organisation-form.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/tax-exemption";

const PAGE = SITE_PAGES.taxExemption;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: PAGE.title,
    description: "Your organisation and its sales tax exemption certificates.",
    noindex: true,
  });
}

/** An island page (decision 21): the two forms and the Withdraw buttons are islands that post as documents. */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  const { services } = context;
  return {
    organisation: await getOrganisation(services, { userId: viewer.userId }),
    certificates: await listMyTaxCertificates(services, { userId: viewer.userId }),
    today: utcDate(services.clock()),
  };
}

type Intent = (typeof TAX_EXEMPTION_INTENTS)[keyof typeof TAX_EXEMPTION_INTENTS];

/** The refusal readFormWithUpload throws (a `data()` answer: a file or body too large, an unreadable form). */
function uploadRefusal(error: unknown): { failure: ActionFailure; status: number } | null {
  const thrown = error as { data?: Partial<ActionFailure>; init?: { status?: number } } | null;
  const failure = thrown?.data;
  if (failure?.ok !== false || !failure.error) return null;
  return { failure: failure as ActionFailure, status: thrown?.init?.status ?? 400 };
}

/**
 * The page's one action, by `intent`: save the organisation, send a certificate (multipart, the
 * file streamed to a temporary file of at most 5 MB, removed whatever happens), or withdraw a
 * pending one. Success redirects here with a toast; a refusal renders the page again with it,
 * under the form it belongs to, with what was typed.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  const { services } = context;
  let upload: FormWithUpload;
  try {
    upload = await readFormWithUpload(request, {
      field: CERTIFICATE_FILE_FIELD,
      maxFileBytes: CERTIFICATE_MAX_BYTES,
      tooLargeMessage: CERTIFICATE_TOO_LARGE_MESSAGE,
      tmpDir: path.join(services.env.DATA_DIR, "tmp"),
    });
  } catch (error) {
    const refused = uploadRefusal(error);
    if (!refused) throw error;
    // Only a file makes a form this large: the refusal is the certificate form's.
    const intent: Intent = TAX_EXEMPTION_INTENTS.certificate;
    return data({ ...refused.failure, intent, values: null, toast: null }, { status: refused.status });
  }
  const { form, file } = upload;
  const intent = form.get("intent");
  try {
    const answer = await runAction(services, async () => {
      switch (intent) {
        case TAX_EXEMPTION_INTENTS.organisation: {
          const organisation = parseFields(form, organisationSchema, ORGANISATION_FIELDS);
          await saveOrganisation(services, { userId: viewer.userId, organisation });
          return { title: "Organisation saved", description: "Your organisation's details have been saved." };
        }
        case TAX_EXEMPTION_INTENTS.certificate: {
          const waitSeconds = await services.rateLimits.taxCertificateUploads.consume(`account:${viewer.userId}`);
          if (waitSeconds > 0) throw tooManyAttempts(waitSeconds);
          // The file as the schema reads it (a size), so that both sides check one schema.
          const bytes = file ? new Uint8Array(await readFile(file.path)) : null;
          if (bytes) form.set(CERTIFICATE_FILE_FIELD, new Blob([bytes]));
          const { certificateFile: _file, ...certificate } = parseFields(form, certificateSchema, CERTIFICATE_FIELDS);
          const sent = await submitTaxCertificate(services, {
            userId: viewer.userId,
            email: viewer.email,
            certificate,
            // Never empty here (the schema asked for a file); an empty one would be refused anyway.
            file: bytes ?? new Uint8Array(0),
          });
          return {
            title: "Certificate sent",
            description: `Your certificate for ${usStateName(sent.state)} is waiting for review. We will e-mail you the result.`,
          };
        }
        case TAX_EXEMPTION_INTENTS.withdraw: {
          const { certificateId } = parseFields(form, certificateIdSchema);
          const { state } = await withdrawTaxCertificate(services, { userId: viewer.userId, certificateId });
          return {
            title: "Certificate withdrawn",
            description: `Your certificate for ${usStateName(state)} was withdrawn.`,
          };
        }
        default:
          throw new AppError("VALIDATION", "Unknown action.");
      }
    });
    if (answer.data.ok) {
      const { title, description } = answer.data;
      throw redirectWithToast(services, PAGE.path, { title, description });
    }
    const failure = answer.data;
    // A withdrawal has no form of its own to show a refusal in: a toast says it.
    const toast =
      intent === TAX_EXEMPTION_INTENTS.withdraw || !isIntent(intent)
        ? flashedToast({ title: "Error", description: failure.error.message, variant: "destructive" })
        : null;
    return data(
      { ...failure, intent: isIntent(intent) ? intent : null, values: echo(form), toast },
      answer.init ?? undefined,
    );
  } finally {
    await upload.cleanup();
  }
}

function isIntent(value: unknown): value is Intent {
  return Object.values(TAX_EXEMPTION_INTENTS).includes(value as Intent);
}

/** The posted text of each field, to fill the forms again after a refusal. */
function echo(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of [...ORGANISATION_FIELDS, ...CERTIFICATE_FIELDS]) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

export default function TaxExemption({ loaderData, actionData }: Route.ComponentProps) {
  const { organisation, certificates, today } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : null;
  const typed = failure?.values ?? {};
  const organisationValues: OrganisationValues =
    failure?.intent === TAX_EXEMPTION_INTENTS.organisation
      ? {
          name: typed.name ?? "",
          kind: typed.kind ?? "",
          street: typed.street ?? "",
          city: typed.city ?? "",
          state: typed.state ?? "",
          postalCode: typed.postalCode ?? "",
        }
      : {
          name: organisation?.name ?? "",
          kind: organisation?.kind ?? "",
          street: organisation?.street ?? "",
          city: organisation?.city ?? "",
          state: organisation?.state ?? "",
          postalCode: organisation?.postalCode ?? "",
        };
  const certificateFailure = failure?.intent === TAX_EXEMPTION_INTENTS.certificate ? failure : null;
  const certificateValues: CertificateValues = {
    state: certificateFailure ? (typed.state ?? "") : "",
    documentKind: certificateFailure ? (typed.documentKind ?? "") : "",
    certificateNumber: certificateFailure ? (typed.certificateNumber ?? "") : "",
    expiresOn: certificateFailure ? (typed.expiresOn ?? "") : "",
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      {failure?.toast ? <ServerToastIsland toast={failure.toast} /> : null}
      <h1 className="font-serif text-4xl font-bold text-brand-800">{PAGE.title}</h1>
      <p className="mt-3 text-lg text-gray-700">
        Buying for a church, school or homeschool co-op? Tell us about your organisation, then send us its sales tax
        exemption certificate for each state you buy in.
      </p>

      <section
        aria-labelledby="organisation-heading"
        className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-8"
      >
        <h2 id="organisation-heading" className="flex items-center gap-2 font-serif text-2xl font-bold text-brand-800">
          <Church aria-hidden="true" className="size-6" />
          Your organisation
        </h2>
        <div className="mt-5">
          <OrganisationForm
            values={organisationValues}
            failure={failure?.intent === TAX_EXEMPTION_INTENTS.organisation ? failure.error : undefined}
            saved={organisation !== null}
          />
        </div>
      </section>

      <section aria-labelledby="certificates-heading" className="mt-10">
        <h2 id="certificates-heading" className="font-serif text-2xl font-bold text-brand-800">
          Tax exemption certificates
        </h2>
        <p className="mt-2 text-gray-700">
          Send your state&apos;s exemption certificate, or the Streamlined Sales Tax certificate, for each state. Our
          staff review it and e-mail you the result; we also remind you 30 days before an approved certificate expires.
        </p>
        <MyCertificates certificates={certificates} />
        <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-8">
          <h3 className="font-serif text-xl font-bold text-brand-800">Send a certificate</h3>
          {organisation ? (
            <div className="mt-5">
              <CertificateForm values={certificateValues} failure={certificateFailure?.error} today={today} />
            </div>
          ) : (
            <>
              <FormAlert className="mt-3" message={certificateFailure?.error.message} />
              <p className="mt-3 text-gray-700">
                Please save your organisation above first: certificates are made out to the organisation.
              </p>
            </>
          )}
        </div>
      </section>
    </div>
  );
}
