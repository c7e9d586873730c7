import type { AppServices } from "#server/services.ts";
import { AppError } from "#server/errors/app-error.ts";
import { ADMIN_ROLE, type CUSTOMER_ROLE } from "./admin-role.ts";
import { toAppError } from "./auth-errors.ts";
import type { GetAuth } from "./lazy-auth.ts";
import { assertAcceptablePassword } from "./password-policy.ts";
import { emailSchema } from "./password-schema.ts";

/** Creates an account with the admin role (setup page and `npm run admin -- create`). */
export async function createAdminAccount(
  deps: { getAuth: GetAuth } & Pick<AppServices, "db" | "clock">,
  input: { email?: unknown; password?: unknown },
): Promise<{ email: string }> {
  const email = emailSchema.safeParse(input.email ?? "");
  if (!email.success) {
    throw new AppError("VALIDATION", email.error.issues[0]!.message, { email: email.error.issues[0]!.message });
  }
  const password = assertAcceptablePassword(input.password);
  const existing = await findUserByEmail(deps, { email: email.data });
  if (existing)
    throw new AppError("CONFLICT", "An account with this e-mail already exists. Grant it the admin role instead.");
  const auth = await deps.getAuth();
  try {
    await auth.api.signUpEmail({ body: { email: email.data, password, name: "" } });
  } catch (error) {
    toAppError(error, { code: "VALIDATION", message: "The account could not be created." });
  }
  await setRole(deps, { email: email.data, role: ADMIN_ROLE });
  // The operator proved control another way (the one-time setup link, or the server's shell).
  await deps.db
    .updateTable("user")
    .set({ emailVerified: true, updatedAt: deps.clock().toISOString() })
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.data.toLowerCase()))
    .execute();
  return { email: email.data };
}

export async function findUserByEmail({ db }: Pick<AppServices, "db">, { email }: { email: string }) {
  return db
    .selectFrom("user")
    .select(["id", "email", "role"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();
}

/** Grants or revokes the admin role; only the two known roles exist. */
export async function setRole(
  { db, clock }: Pick<AppServices, "db" | "clock">,
  { email, role }: { email: string; role: typeof ADMIN_ROLE | typeof CUSTOMER_ROLE },
) {
  const user = await findUserByEmail({ db }, { email });
  if (!user) throw new AppError("NOT_FOUND", `No account uses ${email}.`);
  await db.updateTable("user").set({ role, updatedAt: clock().toISOString() }).where("id", "=", user.id).execute();
}
