// `npm run admin -- grant <email> | revoke <email> | create <email> | setup-link`: manage admin
// accounts from the command line. `create` reads the new account's password from standard input;
// `setup-link` prints a new one-time setup link while no admin exists.
import { createInterface } from "node:readline";
import { ADMIN_ROLE, CUSTOMER_ROLE } from "#server/accounts/admin-role.ts";
import { lazyAuth } from "#server/accounts/lazy-auth.ts";
import { createAdminAccount, setRole, UNVERIFIED_ADDRESS_REASON } from "#server/accounts/create-admin-account.ts";
import { countAdmins, issueSetupLink, SETUP_LINK_HOURS } from "#server/accounts/owner-setup.ts";
import { signUpSchema } from "#common/accounts/password-schema.ts";
import { formErrors } from "#common/forms/form-errors.ts";
import { loadEnvOrExit } from "#server/boot.ts";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { AppError } from "#server/errors/app-error.ts";
import { createLogger } from "#server/logging/logger.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { HashQueue } from "#server/security/hash-queue.ts";
import { createBackgroundTasks } from "#server/jobs/background-tasks.ts";

const USAGE =
  "Usage: npm run admin -- grant <email> | revoke <email> | create <email> | setup-link  (create reads the password from stdin)";

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
if (!command || (command === "setup-link" ? email : !email || !["grant", "revoke", "create"].includes(command))) {
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
  if (command === "setup-link") {
    if ((await countAdmins(database)) > 0) {
      console.error("An admin account already exists: the setup link works only before the first one.");
      process.exitCode = 1;
    } else {
      const token = await issueSetupLink({ db: database.db, clock });
      console.log(`Create the owner's admin account here (one use, within ${SETUP_LINK_HOURS} hours):`);
      console.log(`  ${env.PUBLIC_URL}/setup?token=${token}`);
    }
  } else if (command === "create") {
    const mailer = createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR, logger });
    const backgroundTasks = createBackgroundTasks(logger);
    const getAuth = lazyAuth({ env, database, logger, mailer, hashQueue: new HashQueue(), backgroundTasks });
    // The setup page's schema, so the command line refuses what the page refuses, in its words.
    const fields = signUpSchema.safeParse({ email, password: await readPassword() });
    if (!fields.success) throw new AppError("VALIDATION", formErrors(fields.error, ["email", "password"]).message);
    const created = await createAdminAccount({ getAuth, db: database.db, clock }, fields.data);
    console.log(
      created.tookOver
        ? `${created.email} had an account nobody had verified: it now has this password, its sessions are ended, and it is an admin.`
        : `Created the admin account ${created.email}.`,
    );
  } else {
    await setRole(
      { db: database.db, clock },
      { email: email!, role: command === "grant" ? ADMIN_ROLE : CUSTOMER_ROLE },
    );
    console.log(command === "grant" ? `${email} is now an admin.` : `${email} is no longer an admin.`);
  }
} catch (error) {
  if (error instanceof AppError) {
    console.error(error.message);
    if (error.reason === UNVERIFIED_ADDRESS_REASON) {
      // The owner's way back when someone signed up with their address first.
      console.error(
        [
          "If the address is yours, take the account back (either way ends every session of whoever signed up with it):",
          `  - ask for a reset link at ${env.PUBLIC_URL}/forgot-password and set a password from the e-mail (that confirms the address), then run this again;`,
          `  - or run \`npm run admin -- create ${email}\`: it sets the password you type here and makes the account an admin.`,
        ].join("\n"),
      );
    }
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await database.close();
}
