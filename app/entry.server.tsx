import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { ReactNode } from "react";
import { renderToPipeableStream, renderToString, type RenderToPipeableStreamOptions } from "react-dom/server";
import { scriptsAfterFirstPaint } from "#server/http/scripts-after-first-paint.ts";
import { IslandRendererProvider, type IslandRenderer } from "#app/lib/island.tsx";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";

export const streamTimeout = 5_000;

/** Unexpected errors in loaders, actions and rendering: logged once, with their stack. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  if (context.services.database.isUnavailableError(error)) {
    // An outage, not a bug: the server answers 503 for this request (server/http/create-app.ts).
    context.outage.databaseUnavailable = true;
    return;
  }
  context.services.logger.error(
    { err: error, method: request.method, path: new URL(request.url).pathname },
    "request failed",
  );
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the complete document in one piece.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { nonce } = loadContext;
    const { pipe, abort } = renderToPipeableStream(
      <IslandRendererProvider value={islandRenderer(nonce)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </IslandRendererProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(scriptsAfterFirstPaint()).pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject above and are logged by handleError.
          if (shellRendered) {
            loadContext.services.logger.error({ err: error, path: new URL(request.url).pathname }, "render failed");
          }
        },
      },
    );
  });
}

/**
 * Renders each island of a page as a React root of its own, as the browser will hydrate it
 * (app/lib/island.tsx): numbered in page order, so that no two islands' `useId`s collide.
 */
function islandRenderer(nonce: string | undefined): IslandRenderer {
  let count = 0;
  return {
    nonce,
    render(node: ReactNode) {
      count += 1;
      const identifierPrefix = `i${count}-`;
      return { html: renderToString(node, { identifierPrefix }), identifierPrefix };
    },
  };
}
