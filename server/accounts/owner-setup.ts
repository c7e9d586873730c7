import { createHash, randomBytes } from "node:crypto";
// Not Pick<AppServices>: services.ts imports this module, and a type import back would be a cycle.
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { ADMIN_ROLE, isAdminRoleSql } from "./admin-role.ts";

/** How long a printed setup link works: a restart (or `npm run admin -- setup-link`) prints a new one. */
export const SETUP_LINK_HOURS = 24;

interface SetupDeps {
  db: Kysely<Database>;
  clock: () => Date;
}

export async function countAdmins({ db }: { db: Kysely<Database> }): Promise<number> {
  const row = await db
    .selectFrom("user")
    .select((eb) => eb.fn.countAll().as("n"))
    .where(isAdminRoleSql())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The one-time link that lets the owner create the first admin account in the browser. Each
 * start with no admin draws a random token and keeps only its hash in the database, so behind a
 * load balancer any instance on the database accepts it. A link works until it expires, until it
 * is used (the first use spends every link), and only while no admin exists.
 */
export class OwnerSetup {
  /** The token of the link this instance printed at start; null when an admin existed then. */
  readonly token: string | null;

  constructor(
    private readonly deps: SetupDeps,
    token: string | null,
  ) {
    this.token = token;
  }

  /** At start: a new link while no admin exists. */
  static async start(deps: SetupDeps): Promise<OwnerSetup> {
    return new OwnerSetup(deps, (await countAdmins(deps)) === 0 ? await issueSetupLink(deps) : null);
  }

  /** Whether the link still works (the setup page's first look). */
  async accepts(candidate: unknown): Promise<boolean> {
    const hash = tokenHash(candidate);
    if (!hash) return false;
    const row = await this.deps.db
      .selectFrom("owner_setup_tokens")
      .select("token_hash")
      .where("token_hash", "=", hash)
      .where("expires_at", ">", this.deps.clock().toISOString())
      .executeTakeFirst();
    return Boolean(row) && (await countAdmins(this.deps)) === 0;
  }

  /**
   * Uses the link up, once: of two requests with it (or with two links) only one gets true. One
   * statement deletes every link if this one is valid, so none works again, not even if the
   * admins are later revoked.
   */
  async spend(candidate: unknown): Promise<boolean> {
    const hash = tokenHash(candidate);
    if (!hash || (await countAdmins(this.deps)) > 0) return false;
    const spent = await this.deps.db
      .deleteFrom("owner_setup_tokens")
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("owner_setup_tokens as valid")
            .select("valid.token_hash")
            .where("valid.token_hash", "=", hash)
            .where("valid.expires_at", ">", this.deps.clock().toISOString()),
        ),
      )
      .executeTakeFirst();
    return Number(spent.numDeletedRows) > 0;
  }
}

/** A new setup link's token (only its hash is stored); expired ones are cleared on the way. */
export async function issueSetupLink({ db, clock }: SetupDeps): Promise<string> {
  const now = clock();
  await db.deleteFrom("owner_setup_tokens").where("expires_at", "<=", now.toISOString()).execute();
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("owner_setup_tokens")
    .values({
      token_hash: tokenHash(token)!,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SETUP_LINK_HOURS * 60 * 60_000).toISOString(),
    })
    .execute();
  return token;
}

/** Once an admin exists the links have done their work: none stays to be used later. */
export async function forgetSetupLinks({ db }: { db: Kysely<Database> }): Promise<void> {
  await db.deleteFrom("owner_setup_tokens").execute();
}

function tokenHash(candidate: unknown): string | null {
  // A real token is 43 characters; anything much longer is not worth hashing.
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > 100) return null;
  return createHash("sha256").update(candidate).digest("hex");
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
  const made = await db
    .updateTable("user")
    .set({ role: ADMIN_ROLE, updatedAt: clock().toISOString() })
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", ownerEmail.toLowerCase()))
    .where("emailVerified", "=", true)
    .where((eb) => eb.not(isAdminRoleSql()))
    .executeTakeFirst();
  if (Number(made.numUpdatedRows) > 0) await forgetSetupLinks({ db });
}
