import { useState, type FormEvent } from "react";
import { accountMessages } from "../../../domain/accounts/messages";
import { firstProblem, profileSchema } from "../../../domain/accounts/schemas";
import { useAccountText } from "../auth";
import { useLanguage, useT, useFailureText } from "../../i18n";
import { languages } from "../../i18n/runtime";
import { session, useSessionUser, type SessionUser } from "../../lib/session";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, formProblem, type FieldProblem, type FormProblem } from "../../ui/form/form-problem";
import { SelectField } from "../../ui/form/SelectField";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { TextField } from "../../ui/form/TextField";
import { toast } from "../../ui/toast/toast-store";
import { useApiMutation } from "../../lib/use-api";
import { updateProfile } from "./profile-api";
import styles from "./ProfilePage.module.css";

const ids = { firstname: "firstname", lastname: "lastname", language: "language" } as const;
const missingText = { firstname: "profile.missingFirstname", lastname: "profile.missingLastname" } as const;

/**
 * Profile: first and last name editable, the e-mail address shown as text (it cannot
 * change), and the language of the account's e-mails (each language named in itself). Renders inside the
 * dashboard's main landmark, so it starts with its h1 and has no landmark.
 */
export function ProfilePage() {
  const user = useSessionUser();
  const t = useT();
  return (
    <div className={styles.page}>
      <h1>{t("profile.title")}</h1>
      {/* Keyed by account: another sign-in in another tab starts from that account's names. */}
      {user ? <ProfileForm key={user.id} user={user} /> : null}
    </div>
  );
}

function ProfileForm({ user }: { user: SessionUser }) {
  const t = useT();
  const pageLanguage = useLanguage();
  const accountText = useAccountText();
  const failureText = useFailureText("auth");
  const [values, setValues] = useState({
    firstname: user.firstname,
    lastname: user.lastname,
    // An account from before languages (or a stored session without one) starts from the page's language.
    language: user.language ?? pageLanguage,
  });
  const [problem, setProblem] = useState<FormProblem | null>(null);

  // On failure the names typed stay in the fields: only the message changes.
  const save = useApiMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      session.update(answer.user);
      setValues({
        firstname: answer.user.firstname,
        lastname: answer.user.lastname,
        language: answer.user.language ?? values.language,
      });
      toast.success(t("auth.account.profileUpdated"));
    },
    onError: (error) => {
      const failed = t("profile.failed");
      const message = failureText(error, { network: failed, other: failed });
      toast.error(message);
      setProblem(formProblem(message));
    },
  });
  const loading = save.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) {
      const fields: FieldProblem[] = [];
      for (const key of ["firstname", "lastname"] as const) {
        const issue = parsed.error.issues.find((candidate) => candidate.path[0] === key);
        if (!issue) continue;
        const missing = issue.message === accountMessages.fillRequiredFields;
        fields.push({
          fieldId: ids[key],
          message: missing ? t(missingText[key]) : accountText(issue.message),
        });
      }
      setProblem(formProblem(accountText(firstProblem(parsed.error)), fields));
      return;
    }
    setProblem(null);
    save.mutate(parsed.data);
  }

  const languageError = fieldError(problem, ids.language);
  return (
    <form noValidate onSubmit={submit}>
      {problem ? <ErrorSummary problem={problem} /> : null}
      <dl className={styles.email}>
        <dt>{t("profile.emailLabel")}</dt>
        <dd>{user.email}</dd>
        <dd className={styles.note}>{t("profile.emailFixed")}</dd>
      </dl>
      <TextField
        id={ids.firstname}
        label={t("profile.firstname")}
        value={values.firstname}
        onChange={(firstname) => setValues((current) => ({ ...current, firstname }))}
        autoComplete="given-name"
        maxLength={100}
        required
        error={fieldError(problem, ids.firstname)}
      />
      <TextField
        id={ids.lastname}
        label={t("profile.lastname")}
        value={values.lastname}
        onChange={(lastname) => setValues((current) => ({ ...current, lastname }))}
        autoComplete="family-name"
        maxLength={100}
        required
        error={fieldError(problem, ids.lastname)}
      />
      <SelectField
        id={ids.language}
        label={t("profile.languageLabel")}
        hint={t("profile.languageHint")}
        error={languageError}
        value={values.language}
        onChange={(language) => setValues((current) => ({ ...current, language }))}
      >
        {languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </SelectField>
      <SubmitButton loading={loading}>{t("profile.save")}</SubmitButton>
    </form>
  );
}
