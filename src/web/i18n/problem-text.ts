import { useCallback } from "react";
import { ApiError } from "../lib/api-client";
import { useI18n } from "./language-context";

// A failure as a person reads it, in the page's language: the server's `code` (and, for a validation
// failure, its `field`) picks the catalogue's sentence, so a message is translated once, on the web side.
// Looked up in order: `<namespace>.problems.<field>` (the form's own words for its field),
// `errors.code.<CODE>`, `errors.status.<status>`; the server's own (English) sentence only when none exists.

export function useProblemText(namespace?: string): (error: unknown) => string {
  const i18n = useI18n();
  return useCallback(
    (error: unknown) => {
      const has = (id: string | undefined): id is string => id !== undefined && id in i18n.messages;
      if (error instanceof ApiError) {
        const candidates = [
          namespace && error.field ? `${namespace}.problems.${error.field}` : undefined,
          error.code ? `errors.code.${error.code}` : undefined,
          `errors.status.${error.status}`,
        ];
        const id = candidates.find(has);
        return id ? i18n._(id) : error.message;
      }
      return has("errors.unexpected") ? i18n._("errors.unexpected") : String(error);
    },
    [i18n, namespace],
  );
}
