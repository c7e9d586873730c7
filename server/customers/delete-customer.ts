import { AppError } from "#server/errors/app-error.ts";
import { isAdminRole, isCustomerRoleSql } from "#server/accounts/admin-role.ts";
import type { AppServices } from "#server/services.ts";

export interface DeleteCustomerInput {
  /** The signed-in admin asking for the deletion. */
  actorUserId: string;
  customerId: string;
}

/**
 * Deletes a customer's account with its sessions (signing them out everywhere), sign-in methods
 * and profile, in one transaction. Orders are keyed by e-mail, not by user, and stay: they are
 * business records. Throws FORBIDDEN when the actor is not an admin, for the actor's own account
 * and for any admin account; NOT_FOUND when no such user exists.
 */
export async function deleteCustomer(
  { db }: Pick<AppServices, "db">,
  { actorUserId, customerId }: DeleteCustomerInput,
): Promise<{ id: string; email: string }> {
  return db.transaction().execute(async (trx) => {
    // Checked here as well as by the route: this is the one place that can remove an account.
    const actor = await trx.selectFrom("user").select("role").where("id", "=", actorUserId).executeTakeFirst();
    if (!actor || !isAdminRole(actor.role)) {
      throw new AppError("FORBIDDEN", "Only administrators can delete customer accounts.");
    }
    if (actorUserId === customerId) throw new AppError("FORBIDDEN", "You cannot delete your own account.");

    const customer = await trx
      .selectFrom("user")
      .select(["id", "email", "role"])
      .where("id", "=", customerId)
      .executeTakeFirst();
    if (!customer) throw new AppError("NOT_FOUND", "This customer no longer exists.");
    if (isAdminRole(customer.role)) throw new AppError("FORBIDDEN", "Admin accounts cannot be deleted here.");

    // Explicit deletes rather than trusting ON DELETE CASCADE alone: the intent stays visible
    // and does not depend on SQLite's foreign_keys pragma being on for this connection.
    await trx.deleteFrom("session").where("userId", "=", customer.id).execute();
    await trx.deleteFrom("account").where("userId", "=", customer.id).execute();
    await trx.deleteFrom("profiles").where("id", "=", customer.id).execute();
    // The role condition again: a promotion to admin racing this request must win over it.
    const deleted = await trx
      .deleteFrom("user")
      .where("id", "=", customer.id)
      .where(isCustomerRoleSql())
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) {
      throw new AppError("CONFLICT", "This account changed while it was being deleted. Please reload and try again.");
    }
    return { id: customer.id, email: customer.email };
  });
}
