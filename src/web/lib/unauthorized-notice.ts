// What the API client says when a signed-in call gets 401 and it signs the person out: the page's words
// (errors.unauthorized), but lib sits below i18n and cannot read the catalogues, so the app gives the
// client the function that says them (app/unauthorized-notice.ts). Without one, or while it has no words
// yet, the client says its English UNAUTHORIZED_MESSAGE. A module of its own so that the root can set it
// without taking the client into the first load of a page that reads no API (the home page).

let say: (() => string | undefined) | undefined;

/** How the notice is said from now on; the app calls it once, when the root loads. */
export function setUnauthorizedNotice(notice: () => string | undefined): void {
  say = notice;
}

/** The notice in the page's language; undefined when nobody can say it yet. */
export function unauthorizedNotice(): string | undefined {
  return say?.();
}
