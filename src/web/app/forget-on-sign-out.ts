import { loadReportStore } from "../features/eyewitness/lazy";
import { ACCOUNT_LANGUAGE_KEY } from "../i18n/remember-language";
import { session } from "../lib/session";

// On a shared phone or in a cybercafé, the next person must find nothing of an account whose session has
// ended in this browser. What the browser keeps for an account, and where it goes:
// - the session itself (localStorage `user`, with the token): removed by session.signOut();
// - a language chosen with the switch, still to be saved on the account: removed here, or the next account
//   to sign in would get it;
// - the report form's drafts and the outbox of unsent reports (IndexedDB, reports/report-store.ts): the
//   drafts always go; the outbox stays, keyed by the account's id and shown or sent to no other account,
//   for that account's next sign-in, unless the person chose at Logout to delete it (dashboard/use-logout.tsx);
// - the data layer's cached answers (TanStack Query, in memory): emptied whenever the session changes hands
//   (lib/query-client.ts);
// - the service worker's caches hold no API answer, no media and no signed-in page (offline/cache-rules.ts),
//   so nothing of the account is there.

function forgetLanguageToSave() {
  try {
    window.localStorage.removeItem(ACCOUNT_LANGUAGE_KEY);
  } catch {
    // storage blocked: nothing was kept
  }
}

/**
 * Forgets what this browser keeps for an account as soon as its session ends here, however it ends: Logout,
 * a 401 (the server ended the session: it expired, or a password reset revoked it), a reset in this browser,
 * another tab, or another account signing in over it. Nobody is asked at that moment, so the account's
 * unsent reports are kept for its next sign-in. Returns the unsubscribe.
 */
export function forgetWhenSessionEnds(): () => void {
  let owner = session.current()?.id ?? null;
  return session.subscribe(() => {
    const now = session.current()?.id ?? null;
    if (now === owner) return;
    const ended = owner;
    owner = now;
    if (ended === null) return;
    forgetLanguageToSave();
    // Without IndexedDB (some private windows) nothing was kept there.
    void loadReportStore()
      .then((store) => store.forgetAccount(ended, "keep"))
      .catch(() => undefined);
  });
}
