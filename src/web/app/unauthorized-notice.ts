import { hasMessage, translatorFor } from "../i18n/runtime";
import { setUnauthorizedNotice } from "../lib/unauthorized-notice";

/**
 * Makes the API client say "Unauthorized! Logging Out..." in the page's language (errors.unauthorized),
 * once that language's messages are loaded (English before). The root calls it once: the client, in lib,
 * sits below i18n and is given the words rather than reading them.
 */
export function sayUnauthorizedInPageLanguage(): void {
  setUnauthorizedNotice(() =>
    typeof location !== "undefined" && hasMessage(location.pathname, "errors.unauthorized")
      ? translatorFor(location.pathname)("errors.unauthorized")
      : undefined,
  );
}
