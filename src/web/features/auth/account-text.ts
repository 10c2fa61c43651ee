import { useCallback } from "react";
import { accountMessages } from "../../../domain/accounts/messages";
import {
  checkPassword,
  describeMissingRules,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordMessages,
  passwordRules,
  type PasswordRuleId,
} from "../../../domain/accounts/password-policy";
import { serverMessage } from "../../lib/api-client";
import { type MessageKey, type Translate, useProblemText, useT } from "../../i18n";
import { isNetworkFailure } from "./auth-api";

// The accounts' sentences in the page's language. The shared schemas and the server speak English (the
// domain's accountMessages and the password policy's messages, which the server also uses); the web app
// recognises each such sentence and shows its catalogue message instead (auth.account.<key>,
// auth.password.…), so in English the words are the same and in another language they are translated.
// A sentence it does not know is shown as it came.

/** A catalogue message standing for one of the domain's English sentences. */
export interface MessageRef {
  id: MessageKey;
  values?: Record<string, unknown>;
}

const known = new Map<string, MessageRef>();
for (const [key, value] of Object.entries(accountMessages)) {
  const id = `auth.account.${key as keyof typeof accountMessages}` as const;
  if (typeof value === "string") known.set(value, { id });
}
known.set(passwordMessages.tooLong, { id: "auth.password.tooLong", values: { max: PASSWORD_MAX_LENGTH } });
known.set(passwordMessages.personal, { id: "auth.password.personal" });
known.set(passwordMessages.common, { id: "auth.password.common" });
known.set(passwordMessages.siteName, { id: "auth.password.siteName" });
known.set(passwordMessages.emailAddress, { id: "auth.password.emailAddress" });
known.set(passwordMessages.pattern, { id: "auth.password.pattern" });
known.set(passwordMessages.guessable, { id: "auth.password.guessable" });

const ruleIds = passwordRules.map((rule) => rule.id);

/** Every combination of missing rules, by the sentence that names them. */
const missingRuleSentences = new Map<string, PasswordRuleId[]>();
for (let mask = 1; mask < 1 << ruleIds.length; mask++) {
  const missing = ruleIds.filter((_, index) => mask & (1 << index));
  const sentence = describeMissingRules(missing);
  if (sentence) missingRuleSentences.set(sentence, missing);
}

/** The catalogue message for one of the domain's English sentences, if it is one. */
export function accountMessageRef(english: string): MessageRef | undefined {
  const found = known.get(english);
  if (found) return found;
  const minutes = Number(/\d+/.exec(english)?.[0]);
  if (Number.isInteger(minutes) && english === accountMessages.tooManyAttempts(minutes)) {
    return { id: "auth.account.tooManyAttempts", values: { minutes } };
  }
  return undefined;
}

/** What a rule is called when a password lacks it (completes "Your password needs …"). */
function needText(t: Translate, id: PasswordRuleId): string {
  return t(`auth.password.need.${id}`, { min: PASSWORD_MIN_LENGTH });
}

/** "a, b and c" in the page's language, from the catalogue's list patterns. */
function listOf(t: Translate, items: string[]): string {
  if (items.length <= 1) return items.join("");
  if (items.length === 2) return t("auth.password.listPair", { first: items[0], second: items[1] });
  return t("auth.password.listMore", { first: items[0], rest: listOf(t, items.slice(1)) });
}

/** "Your password needs …" for the rules a password misses, in the page's language. */
export function missingRulesText(t: Translate, missing: readonly PasswordRuleId[]): string {
  const needs = ruleIds.filter((id) => missing.includes(id)).map((id) => needText(t, id));
  return t("auth.password.needs", { needs: listOf(t, needs) });
}

/** describePasswordProblems, in the page's language: one sentence, or null when the password is fine. */
export function passwordProblemText(t: Translate, password: string): string | null {
  const { problems } = checkPassword(password);
  if (problems.includes("tooLong")) return t("auth.password.tooLong", { max: PASSWORD_MAX_LENGTH });
  if (problems.includes("common")) return t("auth.password.common");
  const missing = ruleIds.filter((id) => problems.includes(id));
  return missing.length === 0 ? null : missingRulesText(t, missing);
}

/** True for one of the domain's English sentences (which accountText translates). */
export function isAccountMessage(english: string): boolean {
  return accountMessageRef(english) !== undefined || missingRuleSentences.has(english);
}

/** A translator of the domain's English sentences; anything else is returned as it is. */
export function accountText(t: Translate, english: string): string {
  const ref = accountMessageRef(english);
  if (ref) return t(ref.id, ref.values);
  const missing = missingRuleSentences.get(english);
  return missing ? missingRulesText(t, missing) : english;
}

export function useAccountText(): (english: string) => string {
  const t = useT();
  return useCallback((english: string) => accountText(t, english), [t]);
}

/**
 * The sentence for a failed call, in the page's language: a known sentence of the server translated, else
 * the catalogue's words for its code or field (useProblemText), else the fallback for no answer or for
 * an answer without a sentence (both already translated).
 */
export function useFailureText(): (error: unknown, fallbacks: { network: string; other: string }) => string {
  const t = useT();
  const problemText = useProblemText("auth");
  return useCallback(
    (error: unknown, fallbacks: { network: string; other: string }) => {
      const server = serverMessage(error);
      if (server !== null) {
        return isAccountMessage(server) ? accountText(t, server) : problemText(error);
      }
      return isNetworkFailure(error) ? fallbacks.network : fallbacks.other;
    },
    [t, problemText],
  );
}
