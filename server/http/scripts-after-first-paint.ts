import { Transform, type TransformCallback } from "node:stream";
import { afterFirstContentfulPaint } from "#common/pages/after-first-contentful-paint.ts";

/**
 * Rewrites a rendered document so that its JavaScript is fetched after the page's first paint
 * (decision 19). React Router writes a module preload per script into `<head>` and one inline
 * module that imports the route modules and then the client entry; a phone's browser fetches all
 * of them at once with the stylesheet and the first cover, so on a slow connection the first
 * paint waits for about 150 kB of scripts it does not need to paint. Here:
 *
 * - each `<link rel="modulepreload">` is left out, its address kept;
 * - the inline module becomes a data block (`type="text/x-module-after-paint"`, which the
 *   browser neither runs nor fetches from), with its nonce;
 * - right after it, a small inline script (with the same nonce) waits for the first contentful
 *   paint (`afterFirstContentfulPaint`), then adds the preloads back and runs the module unchanged
 *   (a copy with the same text and nonce).
 *
 * Both inline scripts carry the response's nonce, so a cached page's policy (the hashes of the
 * scripts that carried the nonce, server/http/page-cache.ts) allows them and the copy, whose text
 * is the data block's.
 */
export function scriptsAfterFirstPaint(): Transform {
  const decoder = new TextDecoder();
  const preloads: string[] = [];
  let carry = "";
  /** Inside the boot module: its closing tag is followed by the starter. */
  let bootNonce: string | null = null;
  /** The starter is written: a later preload (none is expected) is left as it is. */
  let started = false;

  const rewrite = (html: string): string => {
    let out = "";
    let rest = html;
    for (;;) {
      if (bootNonce !== null) {
        const end = rest.indexOf("</script>");
        if (end === -1) return out + rest;
        out += rest.slice(0, end + "</script>".length) + starter(bootNonce, preloads);
        rest = rest.slice(end + "</script>".length);
        bootNonce = null;
        started = true;
        continue;
      }
      const match = BOOT_OR_PRELOAD.exec(rest);
      if (!match) return out + rest;
      out += rest.slice(0, match.index);
      rest = rest.slice(match.index + match[0].length);
      if (match[1] !== undefined) {
        if (started) out += match[0];
        else preloads.push(match[1]);
      } else {
        const nonce = match[2] ?? "";
        bootNonce = nonce;
        out += `<script${nonce ? ` nonce="${nonce}"` : ""} type="${DEFERRED_TYPE}" id="${BOOT_ID}">`;
      }
    }
  };

  // React writes a document in chunks of about 2 kB, all in one turn of the event loop; each chunk
  // costs a trip through the streams and the compressor after this. What one turn writes leaves
  // as one chunk at the end of the turn, so a streamed part still goes out as soon as it is ready.
  let pending = "";
  let scheduled: NodeJS.Immediate | undefined;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      const text = carry + decoder.decode(chunk, { stream: true });
      // A tag cut in two by the chunk boundary waits for the rest of it.
      const open = text.lastIndexOf("<");
      const cut = open > text.lastIndexOf(">") ? open : text.length;
      carry = text.slice(cut);
      pending += rewrite(text.slice(0, cut));
      scheduled ??= setImmediate(sendPending);
      callback();
    },
    flush(callback: TransformCallback) {
      clearImmediate(scheduled);
      callback(null, pending + rewrite(carry + decoder.decode()));
    },
  });
  const sendPending = () => {
    scheduled = undefined;
    if (pending) transform.push(pending);
    pending = "";
  };
  return transform;
}

const DEFERRED_TYPE = "text/x-module-after-paint";
const BOOT_ID = "boot-module";

/** React Router's module preloads and its inline boot module (the only inline module we render). */
const BOOT_OR_PRELOAD =
  /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>|<script(?: nonce="([^"]*)")? type="module" async="">/;

function starter(nonce: string, preloads: readonly string[]): string {
  const go = `()=>{for(const href of ${JSON.stringify(preloads).replaceAll("<", "\\u003c")}){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}const o=document.getElementById("${BOOT_ID}"),s=document.createElement("script");s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;o.replaceWith(s)}`;
  return `<script${nonce ? ` nonce="${nonce}"` : ""}>${afterFirstContentfulPaint(go)}</script>`;
}
