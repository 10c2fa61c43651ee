import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";

// React Router's default server entry, for the build's prerendering only (ssr: false: no server renders at
// run time), with two differences so every prerendered page is complete, plain HTML:
// - it waits for all the content (onAllReady), as static generation should, not only for the shell;
// - no Suspense boundary is "outlined": by default React sends a boundary larger than 12.8 KB after the rest
//   of the page, in a hidden element moved into place by an inline script, which a page without JavaScript
//   would never show. The home page's content is such a boundary (routes/home.tsx).

export const streamTimeout = 5_000;

// The map's outlines as the pages draw them, for the social cards the server draws from the same build
// (src/server/site/social-cards.ts): the projection runs at build time only.
export { default as nigeriaMap } from "virtual:nigeria-map";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let allRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          allRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while rendering the shell reject, and React Router reports them; later ones are logged.
          if (allRendered) console.error(error);
        },
      },
    );
  });
}
