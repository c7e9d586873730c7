import type { AppServices } from "#server/services.ts";
import type { Timestamp } from "#server/db/schema.ts";

/** The story on offer as Store Settings shows it; its bytes are read only to mail it. */
export interface FreeStoryInfo {
  fileName: string;
  byteLength: number;
  uploadedAt: Timestamp;
}

/** The free story the home page offers, or null when the owner has uploaded none. */
export async function getFreeStory({ db }: Pick<AppServices, "db">): Promise<FreeStoryInfo | null> {
  const row = await db
    .selectFrom("free_story")
    .select(["file_name", "byte_length", "uploaded_at"])
    .where("id", "=", "story")
    .executeTakeFirst();
  return row ? { fileName: row.file_name, byteLength: row.byte_length, uploadedAt: row.uploaded_at } : null;
}
