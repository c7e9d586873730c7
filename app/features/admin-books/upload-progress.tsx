import { useId, useState } from "react";
import { postFormWithProgress, type PostOutcome } from "./post-form-with-progress.ts";

/**
 * postFormWithProgress for a form on the page: `sending` while a post is on its way, and the
 * `progress` of its upload (0 to 1). `post` follows a redirect at once and then answers
 * undefined (the page is being left); any other outcome is the caller's to show.
 */
export function usePostWithProgress<T>(path: string) {
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState(0);
  async function post(form: FormData): Promise<Exclude<PostOutcome<T>, { kind: "redirect" }> | undefined> {
    setSending(true);
    setProgress(0);
    const outcome = await postFormWithProgress<T>(path, form, setProgress);
    setSending(false);
    if (outcome.kind !== "redirect") return outcome;
    window.location.assign(outcome.location);
    return undefined;
  }
  return { sending, progress, post };
}

/** A post's progress bar: the upload's percentage, then `afterUpload` while the server works on it. */
export function UploadProgress({
  progress,
  afterUpload,
  className,
}: {
  progress: number;
  afterUpload: string;
  /** Classes beside the bar's own (its place in the form's grid). */
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className ? `grid gap-1 ${className}` : "grid gap-1"}>
      <label htmlFor={id} className="text-sm font-medium">
        {progress < 1 ? `Uploading... ${Math.round(progress * 100)}%` : afterUpload}
      </label>
      <progress
        id={id}
        value={progress}
        max={1}
        className="h-2 w-full overflow-hidden rounded-full accent-brand-700 [&::-webkit-progress-bar]:bg-brand-100 [&::-webkit-progress-value]:bg-brand-700 [&::-moz-progress-bar]:bg-brand-700"
      />
    </div>
  );
}
