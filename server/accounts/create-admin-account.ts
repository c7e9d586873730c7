import type { AppServices } from "#server/services.ts";
import { AppError } from "#server/errors/app-error.ts";
import { ADMIN_ROLE, isAdminRole, type CUSTOMER_ROLE } from "./admin-role.ts";
import { toAppError } from "./auth-errors.ts";
import type { GetAuth } from "./lazy-auth.ts";
import { forgetSetupLinks } from "./owner-setup.ts";
import { assertAcceptablePassword } from "./password-policy.ts";
import type { SignUpInput } from "#common/accounts/password-schema.ts";
import { voidResetLinks } from "./reset-links.ts";

/** Why `grant` refuses an unverified account; the CLI adds how to take it back. */
export const UNVERIFIED_ADDRESS_REASON = "unverified-address";

/**
 * Creates an account with the admin role (setup page and `npm run admin -- create`). The
 * operator proved control another way (the one-time setup link, or the server's shell), so the
 * address counts as verified. An existing account whose address nobody has proven (someone may
 * have signed up with the owner's address first) is taken back instead: it gets this password,
 * its sessions, device cookies and reset links end, and only then is it an admin, so whoever
 * made it keeps nothing. A verified account is left to `grant`: its owner proved the mailbox.
 * `spendLink` runs after every check and before anything is written (the setup link is used up
 * only by a request that would succeed). The fields come parsed with signUpSchema (the setup
 * page's action, the CLI).
 */
export async function createAdminAccount(
  deps: { getAuth: GetAuth } & Pick<AppServices, "db" | "clock">,
  input: SignUpInput & { spendLink?: () => Promise<void> },
): Promise<{ email: string; tookOver: boolean }> {
  const { email } = input;
  const password = assertAcceptablePassword(input.password);
  const existing = await findUserByEmail(deps, { email });
  if (existing && isAdminRole(existing.role)) {
    throw new AppError("CONFLICT", "This address already has an admin account: sign in with it.");
  }
  if (existing?.emailVerified) {
    throw new AppError("CONFLICT", "An account with this e-mail already exists. Grant it the admin role instead.");
  }
  await input.spendLink?.();
  const auth = await deps.getAuth();
  if (existing) {
    const context = await auth.$context;
    await context.internalAdapter.updatePassword(existing.id, await context.password.hash(password));
    await context.internalAdapter.deleteUserSessions(existing.id);
    await voidResetLinks(deps, { userId: existing.id });
  } else {
    try {
      await auth.api.signUpEmail({ body: { email, password, name: "" } });
    } catch (error) {
      toAppError(error, { code: "VALIDATION", message: "The account could not be created." });
    }
  }
  await deps.db
    .updateTable("user")
    .set({ role: ADMIN_ROLE, emailVerified: true, updatedAt: deps.clock().toISOString() })
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .execute();
  await forgetSetupLinks(deps);
  return { email, tookOver: Boolean(existing) };
}

export async function findUserByEmail({ db }: Pick<AppServices, "db">, { email }: { email: string }) {
  return db
    .selectFrom("user")
    .select(["id", "email", "role", "emailVerified"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();
}

/**
 * Grants or revokes the admin role; only the two known roles exist. Never to an account whose
 * address is unverified: anyone can sign up with any address, the owner's included.
 */
export async function setRole(
  { db, clock }: Pick<AppServices, "db" | "clock">,
  { email, role }: { email: string; role: typeof ADMIN_ROLE | typeof CUSTOMER_ROLE },
) {
  const user = await findUserByEmail({ db }, { email });
  if (!user) throw new AppError("NOT_FOUND", `No account uses ${email}.`);
  if (role === ADMIN_ROLE && !user.emailVerified) {
    throw new AppError(
      "CONFLICT",
      `The account of ${user.email} has not verified its address, so it cannot be made an admin: whoever signed up with it may not own that mailbox.`,
      { reason: UNVERIFIED_ADDRESS_REASON },
    );
  }
  await db.updateTable("user").set({ role, updatedAt: clock().toISOString() }).where("id", "=", user.id).execute();
  if (role === ADMIN_ROLE) await forgetSetupLinks({ db });
}
