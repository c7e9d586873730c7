import { createHash } from "node:crypto";
import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";
import {
  FREE_STORY_FILE_FIELD,
  FREE_STORY_MAX_BYTES,
  FREE_STORY_NOT_PDF_MESSAGE,
  FREE_STORY_TOO_LARGE_MESSAGE,
} from "#common/free-story/free-story-fields.ts";
import { getFreeStory, type FreeStoryInfo } from "./get-free-story.ts";
import { isPdf, storyFileName } from "./story-pdf.ts";

export type FreeStoryDeps = Pick<AppServices, "db" | "clock" | "privateFiles" | "logger">;

/**
 * Makes `bytes` the free story the home page offers, in place of any other: checked by content
 * (a PDF, at most FREE_STORY_MAX_BYTES), stored as a private file (the database or the bucket,
 * never served publicly) under a key of its content, and named in the one `free_story` row, whose
 * write bumps the page generation (the home page shows its button from then on). The story it
 * replaces is deleted once nothing names it. Throws VALIDATION before storing anything.
 */
export async function saveFreeStory(
  deps: FreeStoryDeps,
  input: { bytes: Uint8Array; uploadedName: string | null },
): Promise<FreeStoryInfo> {
  const { bytes } = input;
  const refuse = (message: string) =>
    new AppError("VALIDATION", message, { fieldErrors: { [FREE_STORY_FILE_FIELD]: message } });
  if (bytes.byteLength > FREE_STORY_MAX_BYTES) throw refuse(FREE_STORY_TOO_LARGE_MESSAGE);
  if (!isPdf(bytes)) throw refuse(FREE_STORY_NOT_PDF_MESSAGE);
  const now = deps.clock();
  const key = `free-story-${createHash("sha256").update(bytes).digest("hex")}.pdf`;
  const row = {
    file_key: key,
    file_name: storyFileName(input.uploadedName),
    byte_length: bytes.byteLength,
    uploaded_at: now.toISOString(),
  };

  const replaced = await deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("free_story").select("file_key").where("id", "=", "story").executeTakeFirst();
    await deps.privateFiles.put(trx, { key, contentType: "application/pdf", bytes, storedAt: now });
    await trx
      .insertInto("free_story")
      .values({ id: "story", ...row })
      .onConflict((oc) => oc.column("id").doUpdateSet(row))
      .execute();
    return before?.file_key ?? null;
  });
  if (replaced && replaced !== key) await deleteStoryFile(deps, replaced);
  return (await getFreeStory(deps))!;
}

/**
 * Deletes a story file nothing names any more, after the change is committed: a failure here must
 * not fail the upload or removal that already happened, and a leftover file only costs space.
 */
export async function deleteStoryFile(deps: Pick<FreeStoryDeps, "privateFiles" | "logger">, key: string) {
  try {
    await deps.privateFiles.delete(key);
  } catch (error) {
    deps.logger.warn({ err: error, key }, "an old free story's file could not be deleted");
  }
}
