import { hasMessage, translatorFor } from "../i18n/runtime";
import { setUnauthorizedNotice } from "../lib/unauthorized-notice";
import { toast } from "../ui/toast/toast-store";

/**
 * Makes the API client's sign-out on a 401 say "Unauthorized! Logging Out..." as an error toast, in the
 * page's language (errors.unauthorized) once that language's messages are loaded (English before). The
 * root calls it once: the client, in lib, sits below ui and i18n and is given the notice rather than
 * showing it.
 */
export function sayUnauthorizedInPageLanguage(): void {
  setUnauthorizedNotice((english) => {
    const words =
      typeof location !== "undefined" && hasMessage(location.pathname, "errors.unauthorized")
        ? translatorFor(location.pathname)("errors.unauthorized")
        : undefined;
    toast.error(words ?? english);
  });
}
