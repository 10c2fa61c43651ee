import { DEFAULT_LANGUAGE } from "../../i18n/languages";
import { session } from "../lib/session";

// The language a visitor chose, for their next visit: a cookie the server reads when someone opens the
// home page without a language in its path (a visitor who chose Hausa opening "/" gets "/ha"). Shared
// links carry their own language and are never redirected. Signed in, the account keeps it too (for
// e-mails): the profile's language setting and the sign-up form send it, and so does the switch: the
// choice waits in this browser until the page in that language has loaded (a request sent while the
// browser leaves the page could be cancelled), which then saves it on the account (saveChosenLanguage).

export const LANGUAGE_COOKIE = "lang";
/** A language chosen with the switch while signed in, still to be saved on the account. */
export const ACCOUNT_LANGUAGE_KEY = "accountLanguageToSave";

export function rememberLanguage(code: string): void {
  const year = 60 * 60 * 24 * 365;
  document.cookie =
    code === DEFAULT_LANGUAGE
      ? `${LANGUAGE_COOKIE}=${DEFAULT_LANGUAGE}; Path=/; Max-Age=${year}; SameSite=Lax`
      : `${LANGUAGE_COOKIE}=${encodeURIComponent(code)}; Path=/; Max-Age=${year}; SameSite=Lax`;
  const user = session.current();
  if (!user || user.language === code) return;
  try {
    window.localStorage.setItem(ACCOUNT_LANGUAGE_KEY, code);
  } catch {
    // storage blocked: the account keeps its language until the profile page changes it
  }
}

/**
 * Saves a language chosen with the switch on the signed-in account (its e-mails are then written in it),
 * with the account's current names: fire and forget, since the site itself already shows that language.
 * The API client is loaded only then, so pages that never call the API do not carry it.
 */
export function saveChosenLanguage(): Promise<void> {
  let code: string | null = null;
  try {
    code = window.localStorage.getItem(ACCOUNT_LANGUAGE_KEY);
    window.localStorage.removeItem(ACCOUNT_LANGUAGE_KEY);
  } catch {
    return Promise.resolve();
  }
  const user = session.current();
  if (!code || !user || user.language === code) return Promise.resolve();
  const language = code;
  return import("./save-account-language")
    .then(({ saveAccountLanguage }) => saveAccountLanguage(user, language))
    .then((saved) => session.update(saved))
    .catch(() => undefined);
}
