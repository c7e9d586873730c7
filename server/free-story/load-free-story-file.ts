import type { AppServices } from "#server/services.ts";

/**
 * The story's PDF and the name to give it (the e-mail's attachment, the owner's download), or
 * null when none is offered. Throws when its file cannot be read (a bucket that does not
 * answer, or a file gone while the story was being replaced): the caller retries later.
 */
export async function loadFreeStoryFile({
  db,
  privateFiles,
}: Pick<AppServices, "db" | "privateFiles">): Promise<{ fileName: string; bytes: Uint8Array } | null> {
  const row = await db
    .selectFrom("free_story")
    .select(["file_key", "file_name"])
    .where("id", "=", "story")
    .executeTakeFirst();
  if (!row) return null;
  const bytes = await privateFiles.get(row.file_key);
  if (!bytes) throw new Error(`the free story's file ${row.file_key} is missing`);
  return { fileName: row.file_name, bytes };
}
