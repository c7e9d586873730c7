import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";

export type PostOutcome<T> =
  /** The route action answered (its data, whatever the HTTP status). */
  | { kind: "data"; data: T }
  /** The action (or its guard) redirected, e.g. to /login after the session ended. */
  | { kind: "redirect"; location: string }
  /** No answer from the action: network failure, body too large, action threw. */
  | { kind: "failed"; message: string };

const NETWORK_MESSAGE = "Could not reach the server. Please check your connection and try again.";

/**
 * React Router's single-fetch URL of a route's action: "/admin/books" → "/admin/books.data"
 * (the trailing-slash-aware form, which this app's config turns on).
 */
function actionDataUrl(path: string): string {
  const url = new URL(path, window.location.origin);
  url.pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  return url.toString();
}

function errorMessage(error: unknown, status: number): string {
  if (error && typeof error === "object") {
    const data = (error as { data?: unknown }).data;
    if (typeof data === "string" && data.trim()) return data;
    const message = (error as { message?: unknown }).message;
    if (typeof message === "string" && message.trim()) return message;
  }
  return `Something went wrong (HTTP ${status}). Please try again.`;
}

/** Bodies that did not come from React Router: the body limit (413) or the admin gate (401/403) answer JSON. */
function plainFailure(xhr: XMLHttpRequest): PostOutcome<never> {
  try {
    const body = JSON.parse(new TextDecoder().decode(xhr.response as ArrayBuffer)) as { error?: unknown };
    if (typeof body.error === "string") return { kind: "failed", message: body.error };
  } catch {
    // Not JSON: fall back to the status below.
  }
  return { kind: "failed", message: `Something went wrong (HTTP ${xhr.status}). Please try again.` };
}

async function decodeAnswer<T>(xhr: XMLHttpRequest): Promise<PostOutcome<T>> {
  const isSingleFetch =
    xhr.getResponseHeader("X-Remix-Response") !== null &&
    (xhr.getResponseHeader("Content-Type") ?? "").startsWith("text/x-script");
  if (!isSingleFetch) return plainFailure(xhr);
  const body = new Response(xhr.response as ArrayBuffer).body;
  if (!body) return { kind: "failed", message: errorMessage(null, xhr.status) };
  const decoded = await decodeViaTurboStream(body, window);
  await decoded.done;
  const value = decoded.value as { data?: unknown; error?: unknown; redirect?: unknown };
  if (typeof value.redirect === "string") return { kind: "redirect", location: value.redirect };
  if ("error" in value) return { kind: "failed", message: errorMessage(value.error, xhr.status) };
  return { kind: "data", data: value.data as T };
}

/**
 * Posts a multipart form to a route's action and reports upload progress (0 to 1), which
 * fetch() and React Router's fetchers cannot do. The request is the same one a fetcher sends
 * (a single-fetch POST to "<path>.data"), so the action, its guards and the CSRF origin check
 * run exactly as for any form, and the answer is decoded with React Router's own decoder.
 * Revalidating the page afterwards is the caller's job (useRevalidator).
 */
export function postFormWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<PostOutcome<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", actionDataUrl(path));
    xhr.responseType = "arraybuffer";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onerror = () => resolve({ kind: "failed", message: NETWORK_MESSAGE });
    xhr.ontimeout = () => resolve({ kind: "failed", message: NETWORK_MESSAGE });
    xhr.onabort = () => resolve({ kind: "failed", message: "The upload was cancelled." });
    xhr.onload = () => {
      decodeAnswer<T>(xhr).then(resolve, () =>
        resolve({ kind: "failed", message: `Something went wrong (HTTP ${xhr.status}). Please try again.` }),
      );
    };
    xhr.send(form);
  });
}
