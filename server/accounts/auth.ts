import { hash, verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import { admin } from "better-auth/plugins/admin";
import { isHttpsSite, type Env } from "#server/config/env.ts";
import type { DatabaseHandle } from "#server/db/database.ts";
import type { Logger } from "#server/logging/logger.ts";
import { storeSender, type Mailer } from "#server/mail/mailer.ts";
import { layoutMail } from "#server/mail/mail-layout.ts";
import type { HashQueue } from "#server/security/hash-queue.ts";
import { getPublicStoreSettings } from "#server/settings/public-settings.ts";
import { ADMIN_ROLE, CUSTOMER_ROLE } from "./admin-role.ts";
import { voidOlderResetLinks } from "./reset-links.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#common/accounts/password-limits.ts";
import type { BackgroundTasks } from "#server/jobs/background-tasks.ts";

/** OWASP's argon2id minimum: 19 MiB, 2 passes, 1 lane. */
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const SESSION_DAYS = 30;
export const RESET_TOKEN_SECONDS = 60 * 60;
export const VERIFY_TOKEN_SECONDS = 24 * 60 * 60;

export interface AuthDependencies {
  env: Env;
  database: DatabaseHandle;
  mailer: Mailer;
  logger: Logger;
  hashQueue: HashQueue;
  backgroundTasks: BackgroundTasks;
}

/**
 * better-auth, configured for this shop. Only the server calls it (from route actions and the
 * session middleware): its own HTTP endpoints are not exposed, so every rule (password policy,
 * rate limits, redirects) lives in one place, our use cases (see docs/decisions/0003).
 */
export function createAuth({ env, database, mailer, logger, hashQueue, backgroundTasks }: AuthDependencies) {
  return betterAuth({
    appName: "shop",
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: env.APP_SECRET,
    database: { db: database.authDb, type: database.engine === "sqlite" ? "sqlite" : "postgres" },
    telemetry: { enabled: false },
    logger: {
      // better-auth's own log lines go through pino at debug level (they never carry secrets,
      // but some name e-mail addresses).
      log: (level, message) => logger.debug({ source: "better-auth", level }, message),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      password: {
        // Through the one bounded queue: hashing never takes every core from page rendering.
        hash: (password) => hashQueue.run(() => hash(password, ARGON2ID)),
        verify: ({ hash: stored, password }) => hashQueue.run(() => verify(stored, password)),
      },
      sendResetPassword: async ({ user, token }) => {
        // Built from PUBLIC_URL, never from the request's Host header.
        const link = `${env.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
        // Not awaited: the answer must take as long for unknown addresses as for known ones.
        // A newer link voids the older ones before it goes out: only the latest e-mail works.
        backgroundTasks.start(async () => {
          await voidOlderResetLinks(database, { userId: user.id, token });
          await sendResetMail(user.email, link);
        }, "password reset e-mail could not be sent");
      },
    },
    emailVerification: {
      // Our own sign-up use case asks for the mail (so /setup and `npm run admin -- create`,
      // whose accounts count as verified, send none); verifying never signs anyone in.
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_TOKEN_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        // Our own page (better-auth's endpoints are not mounted), built from PUBLIC_URL.
        const link = `${env.PUBLIC_URL}/verify-email?token=${encodeURIComponent(token)}`;
        // Not awaited, like the reset mail: the answer takes as long whether a mail goes out or not.
        backgroundTasks.start(() => sendVerificationMail(user.email, link), "verification e-mail could not be sent");
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      // Sliding: a session used after a day is extended to 30 days again.
      updateAge: 24 * 60 * 60,
    },
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: isHttpsSite(env),
      cookiePrefix: "shop",
      ipAddress: { ipAddressHeaders: ["x-shop-client-address"] },
    },
    plugins: [admin({ defaultRole: CUSTOMER_ROLE, adminRoles: [ADMIN_ROLE] })],
    databaseHooks: {
      user: {
        create: {
          // Every new account is a customer, OWNER_EMAIL's too: nobody has proven that address
          // yet. It becomes an admin once verified (verify-email.ts, ensureOwnerIsAdmin).
          before: async (user) => ({ data: { ...user, role: CUSTOMER_ROLE } }),
        },
      },
    },
  });

  async function sendResetMail(to: string, link: string) {
    const store = await getPublicStoreSettings({ db: database.db });
    await mailer.send({
      from: storeSender(store),
      to,
      subject: `Reset your ${store.storeName} password`,
      ...layoutMail({
        storeName: store.storeName,
        blocks: [
          { text: "Hello," },
          {
            text: "Someone (hopefully you) asked to reset the password of your account. To choose a new password, open this link within the next hour:",
          },
          { link: { label: "Choose a new password", url: link } },
          { text: "If you did not ask for this, you can ignore this e-mail: your password stays as it is." },
        ],
      }),
    });
  }

  async function sendVerificationMail(to: string, link: string) {
    const store = await getPublicStoreSettings({ db: database.db });
    await mailer.send({
      from: storeSender(store),
      to,
      subject: `Please confirm your e-mail address for ${store.storeName}`,
      ...layoutMail({
        storeName: store.storeName,
        blocks: [
          { text: "Hello," },
          {
            text: `Thank you for creating an account with ${store.storeName}! Please confirm that this address is yours: open this link within the next 24 hours, sign in if asked, and press the button.`,
          },
          { link: { label: "Confirm my e-mail address", url: link } },
          { text: "Once it is confirmed, orders placed with this address appear in your order history." },
          { text: "If you did not create an account, you can ignore this e-mail: nothing changes." },
        ],
      }),
    });
  }
}

export type Auth = ReturnType<typeof createAuth>;
