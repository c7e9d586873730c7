import { data, type AppLoadContext } from "react-router";
import { typedEmail } from "#common/accounts/password-schema.ts";
import { runAction } from "./action-result.ts";
import { readForm } from "./read-form.ts";

/**
 * The post of an account form (sign-in, sign-up, forgot password, setup): the use case runs in
 * runAction and its success is a redirect. A refusal answers the page again with it and the typed
 * e-mail address, without a flash toast: this very answer shows the refusal (the form's island
 * toasts it).
 */
export async function accountFormAction<T extends object>(
  { request, context }: { request: Request; context: AppLoadContext },
  useCase: (form: FormData) => Promise<T>,
  redirectOnSuccess: (result: T) => Response,
) {
  const form = await readForm(request);
  const answer = await runAction(context.services, () => useCase(form));
  if (answer.data.ok) throw redirectOnSuccess(answer.data);
  return data({ ...answer.data, email: typedEmail(form) }, answer.init ?? undefined);
}
