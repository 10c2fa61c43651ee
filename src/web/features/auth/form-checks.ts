import { accountMessages } from "../../../domain/accounts/messages";
import type { PasswordOwner } from "../../../domain/accounts/password-policy";
import type { guessablePasswordWeakness } from "../../../domain/accounts/password-strength";
import { registrationFieldsSchema, type Registration } from "../../../domain/accounts/schemas";
import { problemText, type Translate } from "../../i18n";
import { formProblem, type FieldProblem, type FormProblem } from "../../ui/form/form-problem";
import { accountText, passwordProblemText } from "./account-text";

// What the account forms check on submit, before anything is sent. The rules are the domain's (the same
// the server enforces); the sentences for the whole form are the product's, to the letter. Each field to
// fix also says what it needs, for the error summary's links and the field itself. Every sentence is in
// the page's language (`t`).

export const registrationFields = {
  firstname: "firstname",
  lastname: "lastname",
  email: "email",
  password: "password",
  confirmPassword: "confirm-password",
} as const;

export interface RegistrationValues {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  confirmPassword: string;
}

interface NewPasswordCheck {
  fields: FieldProblem[];
  missing: boolean;
  mismatch: boolean;
  weak: boolean;
}

/** A new password and its confirmation: present, meeting the policy, and the same. Never trimmed. */
export function checkNewPassword(
  password: string,
  confirmation: string,
  ids: { password: string; confirmation: string },
  t: Translate,
): NewPasswordCheck {
  const fields: FieldProblem[] = [];
  let missing = false;
  let mismatch = false;
  let weak = false;
  if (password === "") {
    missing = true;
    fields.push({ fieldId: ids.password, message: t("auth.missing.newPassword") });
  } else {
    const problem = passwordProblemText(t, password);
    if (problem) {
      weak = true;
      fields.push({ fieldId: ids.password, message: problem });
    }
  }
  if (confirmation === "") {
    missing = true;
    fields.push({ fieldId: ids.confirmation, message: t("auth.missing.confirmation") });
  } else if (password !== "" && confirmation !== password) {
    mismatch = true;
    fields.push({ fieldId: ids.confirmation, message: t("auth.passwordsDoNotMatch") });
  }
  return { fields, missing, mismatch, weak };
}

/** The product's order: every field filled, then the passwords match, then the password rules. */
function formSentence(
  { missing, mismatch, weak }: Omit<NewPasswordCheck, "fields">,
  t: Translate,
): string | undefined {
  if (missing) return t("auth.account.fillOutAllFields");
  if (mismatch) return t("auth.passwordsDoNotMatch");
  if (weak) return t("auth.fixPasswordIssues");
  return undefined;
}

const identitySchema = registrationFieldsSchema.pick({ firstname: true, lastname: true, email: true });

export function checkRegistration(
  values: RegistrationValues,
  t: Translate,
): { ok: true; registration: Registration } | { ok: false; problem: FormProblem } {
  const identity = identitySchema.safeParse(values);
  const fields: FieldProblem[] = [];
  let missing = false;
  if (!identity.success) {
    for (const key of ["firstname", "lastname", "email"] as const) {
      const issue = identity.error.issues.find((candidate) => candidate.path[0] === key);
      if (!issue) continue;
      const isMissing = issue.message === accountMessages.fillOutAllFields;
      missing ||= isMissing;
      fields.push({
        fieldId: registrationFields[key],
        message: isMissing ? t(`auth.missing.${key}`) : accountText(t, issue.message),
      });
    }
  }
  const password = checkNewPassword(
    values.password,
    values.confirmPassword,
    {
      password: registrationFields.password,
      confirmation: registrationFields.confirmPassword,
    },
    t,
  );
  fields.push(...password.fields);
  if (identity.success && fields.length === 0) {
    return { ok: true, registration: { ...identity.data, password: values.password } };
  }
  const sentence =
    formSentence({ ...password, missing: missing || password.missing }, t) ?? fields[0]?.message;
  return { ok: false, problem: formProblem(sentence, fields) };
}

export const resetFields = { password: "new-password", confirmPassword: "confirm-new-password" } as const;

export function checkPasswordReset(password: string, confirmation: string, t: Translate): FormProblem | null {
  const check = checkNewPassword(
    password,
    confirmation,
    { password: resetFields.password, confirmation: resetFields.confirmPassword },
    t,
  );
  return check.fields.length === 0 ? null : formProblem(formSentence(check, t), check.fields);
}

interface PasswordStrength {
  guessablePasswordWeakness: typeof guessablePasswordWeakness;
}
let passwordStrength: Promise<PasswordStrength | null> | undefined;

/**
 * Loads the password strength check, a download of its own (its lists weigh about 240 KB gzipped, too
 * much for every page): started when a new-password field is first used, awaited on submit. Null when
 * it cannot be loaded (offline, say): the server checks every new password anyway.
 */
export function loadPasswordStrength(): Promise<PasswordStrength | null> {
  passwordStrength ??= import("../../../domain/accounts/password-strength").catch(() => {
    passwordStrength = undefined;
    return null;
  });
  return passwordStrength;
}

/**
 * The problem of a new password that meets the character rules yet is easy to guess (built on the site's
 * name, the owner's e-mail address or name, a simple pattern), as the server would say it, in the page's
 * language; null when it is fine or the check could not be loaded.
 */
export async function checkPasswordStrength(
  password: string,
  owner: PasswordOwner,
  fieldId: string,
  t: Translate,
): Promise<FormProblem | null> {
  const weakness = (await loadPasswordStrength())?.guessablePasswordWeakness(password, owner);
  if (!weakness) return null;
  const message = problemText(t, { key: `password.${weakness}`, params: {} });
  return formProblem(t("auth.fixPasswordIssues"), [{ fieldId, message }]);
}
