import { accountMessages } from "../../../domain/accounts/messages";
import { describePasswordProblems } from "../../../domain/accounts/password-policy";
import { registrationFieldsSchema, type Registration } from "../../../domain/accounts/schemas";
import { formProblem, type FieldProblem, type FormProblem } from "../../ui/form/form-problem";

// What the account forms check on submit, before anything is sent. The rules are the domain's (the same
// the server enforces); the sentences for the whole form are the spec's, to the letter (§5). Each field to
// fix also says what it needs, for the error summary's links and the field itself.

export const formMessages = {
  fillOutAllFields: accountMessages.fillOutAllFields,
  passwordsDoNotMatch: "Passwords do not match",
  fixPasswordIssues: "Please fix the password issues before submitting",
} as const;

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

const missingText: Record<"firstname" | "lastname" | "email", string> = {
  firstname: "Enter your first name",
  lastname: "Enter your last name",
  email: "Enter your e-mail address",
};

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
): NewPasswordCheck {
  const fields: FieldProblem[] = [];
  let missing = false;
  let mismatch = false;
  let weak = false;
  if (password === "") {
    missing = true;
    fields.push({ fieldId: ids.password, message: "Enter a password" });
  } else {
    const problem = describePasswordProblems(password);
    if (problem) {
      weak = true;
      fields.push({ fieldId: ids.password, message: problem });
    }
  }
  if (confirmation === "") {
    missing = true;
    fields.push({ fieldId: ids.confirmation, message: "Enter the password again to confirm it" });
  } else if (password !== "" && confirmation !== password) {
    mismatch = true;
    fields.push({ fieldId: ids.confirmation, message: formMessages.passwordsDoNotMatch });
  }
  return { fields, missing, mismatch, weak };
}

/** The spec's order: every field filled, then the passwords match, then the password rules. */
function formSentence({ missing, mismatch, weak }: Omit<NewPasswordCheck, "fields">): string | undefined {
  if (missing) return formMessages.fillOutAllFields;
  if (mismatch) return formMessages.passwordsDoNotMatch;
  if (weak) return formMessages.fixPasswordIssues;
  return undefined;
}

const identitySchema = registrationFieldsSchema.pick({ firstname: true, lastname: true, email: true });

export function checkRegistration(
  values: RegistrationValues,
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
        message: isMissing ? missingText[key] : issue.message,
      });
    }
  }
  const password = checkNewPassword(values.password, values.confirmPassword, {
    password: registrationFields.password,
    confirmation: registrationFields.confirmPassword,
  });
  fields.push(...password.fields);
  if (identity.success && fields.length === 0) {
    return { ok: true, registration: { ...identity.data, password: values.password } };
  }
  const sentence = formSentence({ ...password, missing: missing || password.missing }) ?? fields[0]?.message;
  return { ok: false, problem: formProblem(sentence, fields) };
}

export const resetFields = { password: "new-password", confirmPassword: "confirm-new-password" } as const;

export function checkPasswordReset(password: string, confirmation: string): FormProblem | null {
  const check = checkNewPassword(password, confirmation, {
    password: resetFields.password,
    confirmation: resetFields.confirmPassword,
  });
  return check.fields.length === 0 ? null : formProblem(formSentence(check), check.fields);
}
