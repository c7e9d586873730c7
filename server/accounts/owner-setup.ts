import { createHmac, timingSafeEqual } from "node:crypto";
// Not Pick<AppServices>: services.ts imports this module, and a type import back would be a cycle.
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { ADMIN_ROLE, isAdminRoleSql } from "./admin-role.ts";

export async function countAdmins({ db }: { db: Kysely<Database> }): Promise<number> {
  const row = await db
    .selectFrom("user")
    .select((eb) => eb.fn.countAll().as("n"))
    .where(isAdminRoleSql())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The one-time link that lets the owner create the first admin account in the browser. It is
 * offered at start-up when no admin exists and stops working as soon as any admin exists. The
 * token is derived from APP_SECRET, not drawn at random per process: behind a load balancer the
 * owner's click may reach any instance, and every instance sharing the secret must accept it.
 * Whoever knows APP_SECRET can already sign any session, so the link reveals nothing more.
 */
export class OwnerSetup {
  readonly token: string | null;

  constructor(noAdminYet: boolean, appSecret: string) {
    this.token = noAdminYet
      ? createHmac("sha256", appSecret).update("little-scrolls owner setup link v1").digest("base64url").slice(0, 32)
      : null;
  }

  async accepts(db: Kysely<Database>, candidate: unknown): Promise<boolean> {
    if (!this.token || typeof candidate !== "string") return false;
    const expected = Buffer.from(this.token);
    const given = Buffer.from(candidate);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    return (await countAdmins({ db })) === 0;
  }
}

/**
 * At start, and after an address is verified: the account of OWNER_EMAIL is an admin once its
 * address is verified. Never before: anyone can sign up with any address, and admin rights must
 * not rest on an address nobody has proven.
 */
export async function ensureOwnerIsAdmin(
  { db, clock }: { db: Kysely<Database>; clock: () => Date },
  { ownerEmail }: { ownerEmail: string | undefined },
): Promise<void> {
  if (!ownerEmail) return;
  await db
    .updateTable("user")
    .set({ role: ADMIN_ROLE, updatedAt: clock().toISOString() })
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", ownerEmail.toLowerCase()))
    .where("emailVerified", "=", true)
    .where((eb) => eb.not(isAdminRoleSql()))
    .execute();
}
