// What the person is told when a signed-in call gets 401 and the API client signs them out. lib sits below
// ui and i18n: the client can neither show a toast nor read the catalogues, so the app registers the notice
// (app/unauthorized-notice.ts: a toast, in the page's language). A module of its own so that the root can
// register it without taking the client into the first load of a page that reads no API (the home page).

let notice: ((english: string) => void) | undefined;

/**
 * How the notice is given from now on; the app calls it once, when the root loads. It gets the client's
 * English sentence, for a page whose language has no words yet (the sentence stays in the client's
 * module, out of the first load of a page that reads no API).
 */
export function setUnauthorizedNotice(give: (english: string) => void): void {
  notice = give;
}

/** Tells the person their session ended, as the app registered; nothing before it has. */
export function sayUnauthorized(english: string): void {
  notice?.(english);
}
