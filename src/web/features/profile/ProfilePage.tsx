import { useState, type FormEvent } from "react";
import { accountMessages } from "../../../domain/accounts/messages";
import { firstProblem, profileSchema } from "../../../domain/accounts/schemas";
import { serverMessage } from "../../lib/api-client";
import { session, useSessionUser, type SessionUser } from "../../lib/session";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, formProblem, type FieldProblem, type FormProblem } from "../../ui/form/form-problem";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { TextField } from "../../ui/form/TextField";
import { toast } from "../../ui/toast/toast-store";
import { useApiMutation } from "../../lib/use-api";
import { updateProfile } from "./profile-api";
import styles from "./ProfilePage.module.css";

export const profileMessages = {
  fillRequiredFields: accountMessages.fillRequiredFields,
  updated: accountMessages.profileUpdated,
  failed: "Failed to update profile.",
} as const;

const ids = { firstname: "firstname", lastname: "lastname" } as const;
const missingText = { firstname: "Enter your first name", lastname: "Enter your last name" } as const;

/**
 * Profile (spec §2, §4): first and last name editable, the e-mail address shown as text (it cannot
 * change). Renders inside the dashboard's main landmark, so it starts with its h1 and has no landmark.
 */
export function ProfilePage() {
  const user = useSessionUser();
  return (
    <div className={styles.page}>
      <h1>Profile</h1>
      {/* Keyed by account: another sign-in in another tab starts from that account's names. */}
      {user ? <ProfileForm key={user.id} user={user} /> : null}
    </div>
  );
}

function ProfileForm({ user }: { user: SessionUser }) {
  const [values, setValues] = useState({ firstname: user.firstname, lastname: user.lastname });
  const [problem, setProblem] = useState<FormProblem | null>(null);
  // On failure the names typed stay in the fields: only the message changes.
  const save = useApiMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      session.update(answer.user);
      setValues({ firstname: answer.user.firstname, lastname: answer.user.lastname });
      toast.success(profileMessages.updated);
    },
    onError: (error) => {
      const message = serverMessage(error) ?? profileMessages.failed;
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
        const missing = issue.message === profileMessages.fillRequiredFields;
        fields.push({ fieldId: ids[key], message: missing ? missingText[key] : issue.message });
      }
      setProblem(formProblem(firstProblem(parsed.error), fields));
      return;
    }
    setProblem(null);
    save.mutate(parsed.data);
  }

  return (
    <form noValidate onSubmit={submit}>
      {problem ? <ErrorSummary problem={problem} /> : null}
      <dl className={styles.email}>
        <dt>E-mail address</dt>
        <dd>{user.email}</dd>
        <dd className={styles.note}>Your e-mail address cannot be changed.</dd>
      </dl>
      <TextField
        id={ids.firstname}
        label="First name"
        value={values.firstname}
        onChange={(firstname) => setValues((current) => ({ ...current, firstname }))}
        autoComplete="given-name"
        maxLength={100}
        required
        error={fieldError(problem, ids.firstname)}
      />
      <TextField
        id={ids.lastname}
        label="Last name"
        value={values.lastname}
        onChange={(lastname) => setValues((current) => ({ ...current, lastname }))}
        autoComplete="family-name"
        maxLength={100}
        required
        error={fieldError(problem, ids.lastname)}
      />
      <SubmitButton loading={loading}>Save changes</SubmitButton>
    </form>
  );
}
