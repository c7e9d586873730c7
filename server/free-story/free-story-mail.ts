import type { Env } from "#server/config/env.ts";
import { layoutMail } from "#server/mail/mail-layout.ts";
import { storeSender, type OutgoingMail } from "#server/mail/mailer.ts";
import type { AppServices } from "#server/services.ts";
import { getPublicStoreSettings } from "#server/settings/public-settings.ts";
import { loadFreeStoryFile } from "./load-free-story-file.ts";

export type FreeStoryMailDeps = Pick<AppServices, "db" | "privateFiles"> & { env: Pick<Env, "PUBLIC_URL"> };

/**
 * The free story's e-mail to the address that asked for it, rendered when the outbox sends it:
 * the story as it is then, attached as a PDF, in the one mail layout. It says how the address got it, and that nothing more
 * follows, for whoever did not ask. Null when no story is offered any more.
 */
export async function renderFreeStoryMail(
  deps: FreeStoryMailDeps,
  { recipient }: { recipient: string },
): Promise<OutgoingMail | null> {
  const story = await loadFreeStoryFile(deps);
  if (!story) return null;
  const store = await getPublicStoreSettings(deps);
  const site = deps.env.PUBLIC_URL.replace(/\/+$/, "");
  const { text, html } = layoutMail({
    storeName: store.storeName,
    blocks: [
      { text: "Hello," },
      {
        text: `Thank you for asking for a free story! It is attached to this e-mail as a PDF (${story.fileName}): print it and read it together.`,
      },
      { link: { label: "More illustrated Bible stories for children", url: `${site}/` } },
    ],
    footer: [
      `This address was entered in the "Get a Free Story" form of ${storeSender(store).name}. If that was not you, ignore this e-mail: we will not write to you again.`,
    ],
  });
  return {
    from: storeSender(store),
    to: recipient,
    subject: `Your free story from ${store.storeName}`,
    text,
    html,
    attachments: [{ filename: story.fileName, content: Buffer.from(story.bytes), contentType: "application/pdf" }],
  };
}
