import { DEFAULT_LANGUAGE } from "../../i18n/languages";

// The language a visitor chose, for their next visit: a cookie the server reads when someone opens the
// home page without a language in its path (a visitor who chose Hausa opening "/" gets "/ha/"). Shared
// links carry their own language and are never redirected. Signed in, the account keeps it too (for
// e-mails): the profile's language setting and the sign-up form send it.

export const LANGUAGE_COOKIE = "lang";

export function rememberLanguage(code: string): void {
  const year = 60 * 60 * 24 * 365;
  document.cookie =
    code === DEFAULT_LANGUAGE
      ? `${LANGUAGE_COOKIE}=${DEFAULT_LANGUAGE}; Path=/; Max-Age=${year}; SameSite=Lax`
      : `${LANGUAGE_COOKIE}=${encodeURIComponent(code)}; Path=/; Max-Age=${year}; SameSite=Lax`;
}
