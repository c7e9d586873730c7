// `npm run admin -- grant <email> | revoke <email> | create <email>`: manage admin accounts from
// the command line. `create` reads the new account's password from standard input.
import { createInterface } from "node:readline";
import { ADMIN_ROLE, CUSTOMER_ROLE } from "#server/accounts/admin-role.ts";
import { lazyAuth } from "#server/accounts/lazy-auth.ts";
import { createAdminAccount, setRole } from "#server/accounts/create-admin-account.ts";
import { loadEnvOrExit } from "#server/boot.ts";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { AppError } from "#server/errors/app-error.ts";
import { createLogger } from "#server/logging/logger.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { HashQueue } from "#server/security/hash-queue.ts";

const USAGE =
  "Usage: npm run admin -- grant <email> | revoke <email> | create <email>  (create reads the password from stdin)";

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("Password for the new admin account: ");
  const rl = createInterface({ input: process.stdin, terminal: false });
  if (process.stdin.isTTY) process.stdin.setRawMode?.(false);
  for await (const line of rl) {
    rl.close();
    if (process.stdin.isTTY) process.stderr.write("\n");
    return line;
  }
  return "";
}

const [command, email] = process.argv.slice(2);
if (!command || !email || !["grant", "revoke", "create"].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}

const env = loadEnvOrExit();
const logger = createLogger("warn");
// The command line has no services; its clock is the real time.
const clock = () => new Date();
const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrateToLatest(database);
  if (command === "create") {
    const mailer = createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR, logger });
    const getAuth = lazyAuth({ env, database, logger, mailer, hashQueue: new HashQueue() });
    const created = await createAdminAccount(
      { getAuth, db: database.db, clock },
      { email, password: await readPassword() },
    );
    console.log(`Created the admin account ${created.email}.`);
  } else {
    await setRole({ db: database.db, clock }, { email, role: command === "grant" ? ADMIN_ROLE : CUSTOMER_ROLE });
    console.log(command === "grant" ? `${email} is now an admin.` : `${email} is no longer an admin.`);
  }
} catch (error) {
  if (error instanceof AppError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await database.close();
}
