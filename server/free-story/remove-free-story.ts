import { deleteStoryFile, type FreeStoryDeps } from "./save-free-story.ts";

/**
 * Stops offering the free story: its row goes (the home page's button with it, through the page
 * generation), then its file. Stories already queued for mailing are not sent (there is nothing
 * to attach). Removing when there is none changes nothing.
 */
export async function removeFreeStory(deps: FreeStoryDeps): Promise<void> {
  const removed = await deps.db
    .deleteFrom("free_story")
    .where("id", "=", "story")
    .returning("file_key")
    .executeTakeFirst();
  if (removed) await deleteStoryFile(deps, removed.file_key);
}
