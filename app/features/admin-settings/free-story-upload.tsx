import { Download, Trash2, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import type { FreeStoryInfo } from "#server/free-story/get-free-story.ts";
import { formatDateTime } from "#common/dates.ts";
import { FREE_STORY_FILE_FIELD, FREE_STORY_REMOVE_INTENT } from "#common/free-story/free-story-fields.ts";
import { freeStoryUploadSchema } from "#common/free-story/free-story-schema.ts";
import { ADMIN_DOWNLOADS } from "#common/pages/site-paths.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import { useRouteForm } from "#app/components/forms/use-route-form.ts";
import { SettingsSection } from "./settings-section.tsx";

const FAILURE_TITLE = "Error saving the free story";

/** "840 KB", "2.4 MB". */
function fileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The free story of the home page's "Get a Free Story": which PDF is offered (downloadable here,
 * nowhere public), an upload that replaces it, and its removal (which hides the home page's
 * button). A form of its own beside the settings form: the file goes to its own address, with
 * its own size limit. The file is checked for presence and size before posting; the server
 * checks that it is a PDF.
 */
export function FreeStoryUpload({ story }: { story: FreeStoryInfo | null }) {
  const [open, setOpen] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useFetcher<ActionResult>();
  const removal = useFetcher<ActionResult>();
  const post = { method: "post", action: ADMIN_DOWNLOADS.freeStory, encType: "multipart/form-data" } as const;
  const { fieldErrors, formProps } = useRouteForm({
    schema: freeStoryUploadSchema,
    failureTitle: FAILURE_TITLE,
    fetcher: upload,
    focus: () => fileRef.current,
    resetOnSuccess: true,
    post: (_form, data) => void upload.submit(data, post),
  });
  const uploading = upload.state !== "idle";
  const removing = removal.state !== "idle";

  return (
    <SettingsSection id="settings-free-story" title="Free Story" open={open} onOpenChange={setOpen}>
      <p className="text-sm text-gray-700">
        A printable story (a PDF of at most 5 MB) that visitors get by e-mail from the home page&apos;s &quot;Get a Free
        Story&quot; button. The button shows only while a story is uploaded. The file is never published: it is only
        attached to those e-mails.
      </p>
      <div aria-live="polite" data-testid="free-story-status" className="text-sm">
        {story ? (
          <p>
            Offered now: <strong className="break-all">{story.fileName}</strong> ({fileSize(story.byteLength)}),
            uploaded {formatDateTime(story.uploadedAt)}.{" "}
            <a href={ADMIN_DOWNLOADS.freeStory} download className="font-medium text-brand-700 underline">
              <Download aria-hidden="true" className="mr-1 inline size-4" />
              Download it
            </a>
          </p>
        ) : (
          <p>No free story is uploaded: the home page shows no &quot;Get a Free Story&quot; button.</p>
        )}
      </div>
      <form {...formProps} aria-label="Upload the free story" aria-busy={uploading} className="grid gap-4">
        <FormField
          label={story ? "Replace it with a new PDF" : "Story PDF"}
          ref={fileRef}
          type="file"
          name={FREE_STORY_FILE_FIELD}
          accept="application/pdf,.pdf"
          error={fieldErrors[FREE_STORY_FILE_FIELD]}
          controlClassName="w-full min-w-0 rounded-lg border border-brand-600/40 bg-white px-3 py-2.5 text-ink"
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonStyles.primary} disabled={uploading || removing}>
            <Upload aria-hidden="true" className="size-5" />
            {uploading ? "Uploading..." : story ? "Replace Story" : "Upload Story"}
          </button>
          {story ? (
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={uploading || removing}
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" className="size-5" />
              {removing ? "Removing..." : "Remove Story"}
            </button>
          ) : null}
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove the free story?"
        description="The home page stops offering it, and stories already asked for are not sent. You can upload one again at any time."
        confirmLabel="Remove Story"
        busy={removing}
        onConfirm={() => {
          void removal.submit({ intent: FREE_STORY_REMOVE_INTENT }, post);
          setConfirming(false);
        }}
      />
    </SettingsSection>
  );
}
