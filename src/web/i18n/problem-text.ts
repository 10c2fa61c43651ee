import { useCallback } from "react";
import { ApiError } from "../lib/api-client";
import { DEFAULT_LANGUAGE } from "../../i18n/languages";
import { useI18n } from "./language-context";

// A failure as a person reads it, in the page's language: the server's `code` (and, for a validation
// failure, its `field`) picks the catalogue's sentence, so a message is translated once, on the web side.
// Looked up in order: `<namespace>.problems.<field>` (the form's own words for its field),
// `errors.code.<CODE>`, `errors.status.<status>`; the server's own (English) sentence only when none exists.
// On an English page the server's own sentence comes first when it sent one: it is already in the page's
// language and often more precise than the catalogue's ("Photo a.jpg is too large").

export function useProblemText(namespace?: string): (error: unknown) => string {
  const i18n = useI18n();
  return useCallback(
    (error: unknown) => {
      const has = (id: string | undefined): id is string => id !== undefined && id in i18n.messages;
      if (error instanceof ApiError) {
        const serverSentence = serverMessage(error.body);
        if (i18n.locale === DEFAULT_LANGUAGE && serverSentence) return serverSentence;
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

function serverMessage(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("message" in body)) return undefined;
  const { message } = body as { message: unknown };
  return typeof message === "string" && message.trim() !== "" ? message : undefined;
}
