import { z } from "zod";
import { hasHiddenCharacters } from "../hidden-characters";
import { accountMessages as messages } from "./messages";
import {
  containsPersonalDetails,
  passwordMessages,
  passwordWeakness,
  weaknessMessage,
} from "./password-policy";
import { passwordProblem } from "../api/problems";

// The web app's Content-Security-Policy forbids eval; zod's optional speed-up probes for it with
// `new Function`, which the browser reports as a violation. Without it zod validates the same way.
z.config({ jitless: true });

// Request bodies of the accounts API (docs/api.md). The web forms validate with the same schemas, so a
// rule is written once. Every message is a sentence a person can act on.

export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

const email = requiredText(messages.provideEmail)
  .max(EMAIL_MAX_LENGTH, { error: messages.invalidEmail })
  .pipe(z.email({ error: messages.invalidEmail }));

const name = (missing: string) =>
  requiredText(missing)
    .max(NAME_MAX_LENGTH, { error: messages.nameTooLong })
    // No line breaks, hidden or invisible characters (the rule and its reasons: hidden-characters.ts).
    .refine((value) => !hasHiddenCharacters(value), { error: messages.nameHasControlCharacters });

/** A new password: taken as typed (never trimmed), then the policy. */
const newPassword = (missing: string) =>
  z
    .string({ error: missing })
    .min(1, { error: missing })
    .superRefine((password, context) => {
      const weakness = passwordWeakness(password);
      if (weakness) {
        // The problem goes with the sentence, so the API's answer carries its key (request-body.ts).
        const params = { problem: passwordProblem(weakness) };
        context.addIssue({ code: "custom", message: weaknessMessage(weakness), params });
      }
    });

/**
 * The language the account's e-mails are written in: a catalogue's code (src/i18n/catalogues), "en" when
 * none was given. The server also checks it is one of its languages.
 */
export const accountLanguage = z
  .string({ error: messages.languageInvalid })
  .regex(/^[a-z]{2,3}$/, { error: messages.languageInvalid })
  .meta({ description: "A language code of the site: en, ha, yo, ig or pcm." });

const body = <Shape extends z.ZodRawShape>(shape: Shape, missing: string) =>
  z.object(shape, { error: missing });

/** The registration's fields, each with its own rule (forms pick some of them). */
export const registrationFieldsSchema = body(
  {
    email: requiredText(messages.fillOutAllFields)
      .max(EMAIL_MAX_LENGTH, { error: messages.invalidEmail })
      .pipe(z.email({ error: messages.invalidEmail })),
    password: newPassword(messages.fillOutAllFields),
    firstname: name(messages.fillOutAllFields),
    lastname: name(messages.fillOutAllFields),
    language: accountLanguage.optional(),
  },
  messages.fillOutAllFields,
);

/** A registration: its fields, and a password that holds neither the e-mail's local part nor a name. */
export const registrationSchema = registrationFieldsSchema.superRefine((registration, context) => {
  const owner = { email: registration.email, names: [registration.firstname, registration.lastname] };
  if (containsPersonalDetails(registration.password, owner)) {
    context.addIssue({ code: "custom", path: ["password"], message: passwordMessages.personal });
  }
});
export type Registration = z.infer<typeof registrationSchema>;

export const credentialsSchema = body(
  {
    email: requiredText(messages.fillOutAllFields).max(EMAIL_MAX_LENGTH, {
      error: messages.wrongCredentials,
    }),
    // No policy here: whatever was set before must still sign in. The cap keeps hashing cheap.
    password: z
      .string({ error: messages.fillOutAllFields })
      .min(1, { error: messages.fillOutAllFields })
      .max(1024, { error: messages.wrongCredentials }),
  },
  messages.fillOutAllFields,
);
export type Credentials = z.infer<typeof credentialsSchema>;

export const profileSchema = body(
  {
    firstname: name(messages.fillRequiredFields),
    lastname: name(messages.fillRequiredFields),
    language: accountLanguage.optional(),
  },
  messages.fillRequiredFields,
);
export type ProfileChange = z.infer<typeof profileSchema>;

export const emailRequestSchema = body({ email }, messages.provideEmail);
export type EmailRequest = z.infer<typeof emailRequestSchema>;

export const passwordResetSchema = body(
  {
    token: z
      .string({ error: messages.resetLinkMissing })
      .trim()
      .min(1, { error: messages.resetLinkMissing })
      .max(200, { error: messages.resetLinkInvalid }),
    newPassword: newPassword(messages.fillOutAllFields),
  },
  messages.fillOutAllFields,
);
export type PasswordReset = z.infer<typeof passwordResetSchema>;

const requiredMessages: ReadonlySet<string> = new Set([
  messages.fillOutAllFields,
  messages.fillRequiredFields,
  messages.provideEmail,
  messages.resetLinkMissing,
]);

/** The one message to show for a failed parse: a missing field first, then the first other problem. */
export function firstProblem(error: z.ZodError): string {
  const required = error.issues.find((issue) => requiredMessages.has(issue.message));
  return (required ?? error.issues[0])?.message ?? messages.fillOutAllFields;
}
