import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { renderHtmlAsTheDocument } from "../preact/document-root";
import {
  loaderDataMadeAhead,
  routerMadeAhead,
  routerMadeAheadOf,
  routerStateDecoded,
} from "../preact/router-state";
import { tellOnlyChangedStates } from "../preact/router-updates";
import { hydrationStarts } from "../lib/hydration-state";
import { quietCancelledRequests } from "../lib/cancelled-requests";
import { addCarriedMessages, languageOfPathname, prepareFormatters } from "../i18n/runtime";
import { yieldToEventLoop } from "../lib/yield-to-event-loop";
import { forgetWhenSessionEnds } from "./forget-on-sign-out";

// React Router's default browser entry, with the two steps the browser's renderer (Preact, decision record
// 0016) needs: the router's state decoded before hydrating, and the layout's <html> taken as the document's
// own. Both are harmless under React (the development server's renderer).
renderHtmlAsTheDocument();
hydrationStarts();
quietCancelledRequests();
void routerStateDecoded()
  // Decoding the state, reading the session, making the router, adding the page's messages and plural rules,
  // and hydrating the layout are each a long task on a slow phone: a yield to the event loop between them
  // lets the browser answer a tap in the meantime (the page's later parts hydrate each in a task of its own
  // too, src/web/ui/LaterPart.tsx). React (the development server's) would log the probe's hook call: the
  // router is made ahead in the build only.
  .then(yieldToEventLoop)
  // Installed before the router is made (which may ask the API for a page rendered in the browser), so before
  // any answer can end the session (and say so). It reads the stored session: the page's first read of
  // localStorage, which loads it from disk, a task of its own.
  .then(() => {
    forgetWhenSessionEnds();
  })
  .then(yieldToEventLoop)
  .then(() => {
    if (import.meta.env.DEV) return;
    routerMadeAhead();
    // Before the page subscribes: the routes its links lead to, added after it hydrates, render nothing again.
    const router = routerMadeAheadOf();
    if (router) tellOnlyChangedStates(router);
  })
  .then(yieldToEventLoop)
  .then(() => {
    // The page's messages, which the root would otherwise read and add as it hydrates.
    for (const data of loaderDataMadeAhead()) addCarriedMessages(data);
    prepareFormatters(languageOfPathname(location.pathname));
  })
  .then(yieldToEventLoop)
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  });
