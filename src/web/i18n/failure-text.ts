import { useCallback } from "react";
import {
  PASSWORD_MIN_LENGTH,
  passwordRuleIds,
  type PasswordRuleId,
} from "../../domain/accounts/password-limits";
import { isDeskProblemKey, type Problem } from "../../domain/api/problems";
import { DEFAULT_LANGUAGE } from "../../i18n/languages";
import { ApiError } from "../lib/api-client";
import { useI18n, useLanguage, useT } from "./language-context";
import type { MessageKey } from "../../i18n/message-keys";
import type { Translate } from "./runtime";

// A failed call as a person reads it, in the page's language. The server sends every failure with its
// problem, a key and its values (src/domain/api/problems.ts); the page says it from the catalogue message
// `errors.<key>`. The server's English `message` is never read for its words: on a page in English it is
// shown as it is for a problem the server knew no more than the code of, where it is more precise than the
// code's sentence ("Photo a.jpg is too large"); on another page such a refused field may have the form's
// own words (`<namespace>.problems.<field>`), else the code's sentence. No answer at all, or an answer
// without a problem (a proxy's), is said from its status.

export interface FailureTextOptions {
  /** The page's language is English: the server's sentence may be shown for a code-only problem. */
  english?: boolean;
  /** The form's own words for a refused field, when it has them. */
  fieldText?: (field: string) => string | undefined;
  /** The field the form takes a refusal to be about when the server named none (a file too large). */
  field?: string;
  /** Whether the catalogue has a message (for the status sentences, which exist for a few statuses). */
  has?: (id: string) => id is MessageKey;
  /** Said when no answer came (status 0); errors.status.0 otherwise. */
  network?: string;
  /** Said for anything that is not a failure of the API (nor an answer of it); errors.unexpected otherwise. */
  other?: string;
}

/** "a, b and c" in the page's language, from the catalogue's list patterns. */
function listOf(t: Translate, items: string[]): string {
  if (items.length <= 1) return items.join("");
  if (items.length === 2) return t("auth.password.listPair", { first: items[0], second: items[1] });
  return t("auth.password.listMore", { first: items[0], rest: listOf(t, items.slice(1)) });
}

/** "Your password needs …" for the rules a password misses, in display order, in the page's language. */
export function missingRulesText(t: Translate, missing: readonly PasswordRuleId[]): string {
  const needs = passwordRuleIds
    .filter((id) => missing.includes(id))
    .map((id) => t(`auth.password.need.${id}`, { min: PASSWORD_MIN_LENGTH }));
  return t("errors.password.missingRules", { needs: listOf(t, needs) });
}

/** A problem's sentence in the page's language (a data desk refusal's from the desk's catalogue). */
export function problemText(t: Translate, problem: Problem): string {
  if (problem.key === "password.missingRules") return missingRulesText(t, problem.params.missing);
  if (isDeskProblemKey(problem.key)) return t(problem.key, problem.params);
  return t(`errors.${problem.key}`, problem.params);
}

/** The sentence for a failed call (see above). */
export function failureText(failure: unknown, t: Translate, options: FailureTextOptions = {}): string {
  if (!(failure instanceof ApiError)) return options.other ?? t("errors.unexpected");
  if (failure.status === 0) return options.network ?? t("errors.status.0");
  const { problem } = failure;
  const codeOnly =
    !problem ||
    problem.key.startsWith("code.") ||
    problem.key === "request.fieldInvalid" ||
    // A desk sentence this build's catalogue lacks (a newer server's): said as a code-only problem.
    (isDeskProblemKey(problem.key) && options.has?.(problem.key) === false);
  if (problem && !codeOnly) return problemText(t, problem);
  const said = (failure.body as { message?: unknown } | undefined)?.message;
  if (options.english && typeof said === "string" && said.trim() !== "") return said;
  const field = failure.field ?? options.field;
  const ownWords = field === undefined ? undefined : options.fieldText?.(field);
  if (ownWords !== undefined) return ownWords;
  if (problem) return problemText(t, problem);
  if (failure.code) return t(`errors.code.${failure.code}`);
  // No answer of the API (a proxy's page, a bare 5xx): the caller's sentence, else the status's.
  if (options.other !== undefined) return options.other;
  const byStatus = `errors.status.${failure.status}`;
  return options.has?.(byStatus) ? t(byStatus) : failure.message || t("errors.unexpected");
}

/** What a caller of useFailureText may give beside the failure. */
export type FailureFallbacks = Pick<FailureTextOptions, "network" | "other" | "field" | "fieldText">;

/**
 * failureText with the page's language, for a form or page whose refused fields have their own words in
 * `<namespace>.problems.<field>` (report, corrections, auth…), or none; a caller's own `fieldText` replaces
 * that look-up.
 */
export function useFailureText(
  namespace?: string,
): (failure: unknown, fallbacks?: FailureFallbacks) => string {
  const t = useT();
  const i18n = useI18n();
  const english = useLanguage() === DEFAULT_LANGUAGE;
  return useCallback(
    (failure: unknown, fallbacks: FailureFallbacks = {}) => {
      const has = (id: string): id is MessageKey => id in i18n.messages;
      const fieldText = (field: string) => {
        const id = `${namespace}.problems.${field}`;
        return namespace && has(id) ? i18n._(id) : undefined;
      };
      return failureText(failure, t, { english, fieldText, has, ...fallbacks });
    },
    [t, i18n, english, namespace],
  );
}
