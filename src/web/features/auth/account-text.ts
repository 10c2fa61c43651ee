import { useCallback } from "react";
import { accountMessages } from "../../../domain/accounts/messages";
import {
  checkPassword,
  PASSWORD_MAX_LENGTH,
  passwordMessages,
  passwordRules,
} from "../../../domain/accounts/password-policy";
import { missingRulesText, type MessageKey, type Translate, useT } from "../../i18n";

// The sentences of the shared account schemas, which the forms check before sending, in the page's
// language: each of the domain's fixed sentences (accountMessages, the password policy's) has its catalogue
// message (auth.account.<key>, auth.password.…). A failure the server answers with is said from its problem
// key instead (useFailureText in src/web/i18n), never from its words.

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

/** The catalogue message for one of the domain's English sentences, if it is one. */
export function accountMessageRef(english: string): MessageRef | undefined {
  return known.get(english);
}

/** describePasswordProblems, in the page's language: one sentence, or null when the password is fine. */
export function passwordProblemText(t: Translate, password: string): string | null {
  const { problems } = checkPassword(password);
  if (problems.includes("tooLong")) return t("auth.password.tooLong", { max: PASSWORD_MAX_LENGTH });
  if (problems.includes("common")) return t("auth.password.common");
  const missing = ruleIds.filter((id) => problems.includes(id));
  return missing.length === 0 ? null : missingRulesText(t, missing);
}

/** A translator of the domain's English sentences; anything else is returned as it is. */
export function accountText(t: Translate, english: string): string {
  const ref = accountMessageRef(english);
  return ref ? t(ref.id, ref.values) : english;
}

export function useAccountText(): (english: string) => string {
  const t = useT();
  return useCallback((english: string) => accountText(t, english), [t]);
}
