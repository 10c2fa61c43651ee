// What the person is told when a signed-in call gets 401 and the API client signs them out. lib sits below
// ui and i18n: the client can neither show a toast nor read the catalogues, so the app registers the notice
// (app/unauthorized-notice.ts: a toast, in the page's language). A module of its own so that the root can
// register it without taking the client into the first load of a page that reads no API (the home page).

/** The notice in English, for when the page's language has no words yet (errors.unauthorized in en). */
export const UNAUTHORIZED_MESSAGE = "Unauthorized! Logging Out...";

let notice: (() => void) | undefined;

/** How the notice is given from now on; the app calls it once, when the root loads. */
export function setUnauthorizedNotice(give: () => void): void {
  notice = give;
}

/** Tells the person their session ended, as the app registered; nothing before it has. */
export function sayUnauthorized(): void {
  notice?.();
}
