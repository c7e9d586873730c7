import type { Kysely } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import { storeSender, type Mailer } from "#server/mail/mailer.ts";
import { layoutMail } from "#server/mail/mail-layout.ts";
import { getPublicStoreSettings } from "#server/settings/public-settings.ts";

/**
 * What a sign-up with an address that already has an account sends to that address: the page
 * answered "Account Created!" (it never says who is registered), so the mailbox learns why the new
 * password does not work, and how to get in. It names no password and no account details.
 */
export async function sendAccountExistsMail(
  { db, mailer, env }: { db: Kysely<Database>; mailer: Mailer; env: Pick<Env, "PUBLIC_URL"> },
  { to }: { to: string },
): Promise<void> {
  const store = await getPublicStoreSettings({ db });
  const site = env.PUBLIC_URL.replace(/\/+$/, "");
  await mailer.send({
    from: storeSender(store),
    to,
    subject: `You already have an account with ${store.storeName}`,
    ...layoutMail({
      storeName: store.storeName,
      blocks: [
        { text: "Hello," },
        {
          text: `Someone (hopefully you) tried to create an account with ${store.storeName} using this address, which already has one. No new account was made and nothing was changed.`,
        },
        { text: "If it was you, sign in with the password you chose the first time:" },
        { link: { label: "Sign in", url: `${site}/login` } },
        {
          text: "Forgotten it? Choose a new one from an e-mailed link (that also confirms your address and signs out every other device):",
        },
        { link: { label: "Choose a new password", url: `${site}/forgot-password` } },
        {
          text: "If you never made an account with us, someone else used your address: choosing a new password there makes the account yours. Otherwise you can ignore this e-mail.",
        },
      ],
    }),
  });
}
