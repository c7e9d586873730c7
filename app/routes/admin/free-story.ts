import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  FREE_STORY_FILE_FIELD,
  FREE_STORY_MAX_BYTES,
  FREE_STORY_NO_FILE_MESSAGE,
  FREE_STORY_REMOVE_INTENT,
  FREE_STORY_TOO_LARGE_MESSAGE,
} from "#common/free-story/free-story-fields.ts";
import { pdfDownload, pdfRefusal } from "#server/documents/pdf-download.ts";
import { AppError } from "#server/errors/app-error.ts";
import { loadFreeStoryFile } from "#server/free-story/load-free-story-file.ts";
import { removeFreeStory } from "#server/free-story/remove-free-story.ts";
import { saveFreeStory } from "#server/free-story/save-free-story.ts";
import { runAction } from "#server/http/action-result.ts";
import { requireAdmin } from "#server/http/guards.ts";
import { readFormWithUpload, uploadRefusal, type FormWithUpload } from "#server/http/read-form.ts";
import type { Route } from "./+types/free-story";

/** GET: the story offered, as the PDF visitors are mailed, for the owner to check (admins only, never cached). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const story = await loadFreeStoryFile(context.services);
  if (!story) return pdfRefusal(404, "No free story is uploaded.");
  return pdfDownload({ fileName: story.fileName, bytes: Buffer.from(story.bytes) });
}

/**
 * POST from Store Settings: a new story (the file streamed to a temporary file, at most 5 MB, then
 * checked by content and stored), or `intent=remove` to stop offering it. The toast says which.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdmin(context, request);
  const { services } = context;
  return runAction(
    services,
    async () => {
      let upload: FormWithUpload;
      try {
        upload = await readFormWithUpload(request, {
          field: FREE_STORY_FILE_FIELD,
          maxFileBytes: FREE_STORY_MAX_BYTES,
          tooLargeMessage: FREE_STORY_TOO_LARGE_MESSAGE,
          tmpDir: path.join(services.env.DATA_DIR, "tmp"),
        });
      } catch (error) {
        throw uploadRefusal(error) ?? error;
      }
      try {
        if (upload.form.get("intent") === FREE_STORY_REMOVE_INTENT) {
          await removeFreeStory(services);
          return { removed: true };
        }
        if (!upload.file) {
          throw new AppError("VALIDATION", FREE_STORY_NO_FILE_MESSAGE, {
            fieldErrors: { [FREE_STORY_FILE_FIELD]: FREE_STORY_NO_FILE_MESSAGE },
          });
        }
        const bytes = await readFile(upload.file.path);
        await saveFreeStory(services, { bytes, uploadedName: upload.file.name });
        return { removed: false };
      } finally {
        await upload.cleanup();
      }
    },
    {
      success: ({ removed }) =>
        removed
          ? { title: "Free story removed", description: "The home page no longer offers a free story." }
          : { title: "Free story saved", description: "The home page now offers it to visitors by e-mail." },
      failureTitle: "Error saving the free story",
    },
  );
}
