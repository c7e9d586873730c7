import type { ReactNode } from "react";
import type * as PasswordSchema from "#common/accounts/password-schema.ts";
import type { ZodType } from "zod";
import type { ActionFailure } from "#server/http/action-result.ts";
import type { FieldWiring } from "#app/components/forms/use-checked-form.ts";
import { useIslandForm } from "#app/components/forms/use-island-form.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { lazyCheck } from "#app/components/forms/lazy-check.ts";

/**
 * The schemas' check (zod, about 24 kB), fetched when the visitor first sends the form, not with the
 * page: the page stays within its 40 kB (issue 30), and the form waits for the check only once.
 */
const loadPasswordCheck = lazyCheck(() => import("#common/accounts/password-schema.ts"));

/** The server's refusal, as the page hands it to the form's island. */
export type AccountFormFailure = ActionFailure["error"];

/**
 * The form of a sign-in, sign-up, password, setup or profile page, inside an island (decision
 * 21): a plain HTML form that posts to the page's action, so it works before (or without) the
 * scripts. Once hydrated it checks the shared schema before posting, then lets the browser post
 * it: the server redirects on success or renders the page again with its refusal (`failure`),
 * which shows under the fields and as a toast (no flash cookie: this very answer is the page that
 * shows it). `schema` picks the form's schema from the module `load` fetches (by default the
 * password schemas'); `children` draws the fields, each wired by `field(name)`.
 */
export function AccountForm<Module = typeof PasswordSchema>({
  load = loadPasswordCheck as () => Promise<Module>,
  schema,
  failureTitle,
  failure,
  submitLabel,
  busyLabel,
  className = "grid gap-4",
  defaultValues,
  children,
}: {
  load?: () => Promise<Module>;
  schema: (module: Module) => ZodType;
  failureTitle: string;
  failure: AccountFormFailure | undefined;
  submitLabel: string;
  busyLabel: string;
  className?: string | undefined;
  /** What the fields show: the stored record, or what was typed before a refusal. */
  defaultValues?: Readonly<Record<string, string | undefined>> | undefined;
  children: (field: (name: string) => FieldWiring) => ReactNode;
}) {
  const { busy, field, formProps } = useIslandForm({
    failure,
    schema: () => load().then(schema),
    failureTitle,
    defaultValues,
  });
  return (
    <form {...formProps} method="post" aria-busy={busy} className={className}>
      {children(field)}
      <button type="submit" disabled={busy} className={buttonStyles.primary}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
