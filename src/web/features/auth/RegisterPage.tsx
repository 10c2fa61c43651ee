import { useState, type FormEvent } from "react";
import { Link } from "../../i18n/links";
import { paths } from "../../../domain/routes";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, formProblem, type FormProblem } from "../../ui/form/form-problem";
import { PasswordField } from "../../ui/form/PasswordField";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { TextField } from "../../ui/form/TextField";
import { toast } from "../../ui/toast/toast-store";
import { authApi, failureMessage } from "./auth-api";
import styles from "./auth.module.css";
import { AuthPanel } from "./AuthPanel";
import { checkRegistration, registrationFields as ids, type RegistrationValues } from "./form-checks";
import { PasswordHints } from "./PasswordHints";
import { rememberPendingVerificationEmail, usePendingVerificationEmail } from "./pending-verification";
import { ResendVerification } from "./ResendVerification";

export const registerMessages = {
  created: "Account Created Successfully",
  failed: "Registration failed. Please try again.",
  networkFailed: "An error occurred during registration. Please try again.",
} as const;

const empty: RegistrationValues = {
  firstname: "",
  lastname: "",
  email: "",
  password: "",
  confirmPassword: "",
};
const HINTS_ID = "password-rules";

/** Registration (spec §2, §4, §5): the form, then 'Verification Email Sent!' with Resend and Back to Login. */
export function RegisterPage() {
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  if (sent) return <VerificationEmailSent email={sent.email} message={sent.message} />;
  return <RegistrationForm onRegistered={setSent} />;
}

function RegistrationForm({
  onRegistered,
}: {
  onRegistered: (sent: { email: string; message: string }) => void;
}) {
  const [values, setValues] = useState(empty);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [loading, setLoading] = useState(false);
  // An address registered earlier in this browser, still to verify: Resend still works after a reload.
  const pending = usePendingVerificationEmail();
  const set = (field: keyof RegistrationValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const checked = checkRegistration(values);
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    setLoading(true);
    try {
      const answer = await authApi.register(checked.registration);
      rememberPendingVerificationEmail(checked.registration.email);
      onRegistered({
        email: checked.registration.email,
        message: answer.message ?? registerMessages.created,
      });
    } catch (error) {
      const message = failureMessage(error, {
        network: registerMessages.networkFailed,
        other: registerMessages.failed,
      });
      toast.error(message);
      setProblem(formProblem(message));
      setLoading(false);
    }
  }

  return (
    <AuthPanel title="Create an account">
      <p className={styles.lead}>With an account you can send eyewitness reports. All fields are required.</p>
      <form noValidate onSubmit={submit}>
        {problem ? <ErrorSummary problem={problem} /> : null}
        <TextField
          id={ids.firstname}
          label="First name"
          value={values.firstname}
          onChange={set("firstname")}
          autoComplete="given-name"
          maxLength={100}
          required
          error={fieldError(problem, ids.firstname)}
        />
        <TextField
          id={ids.lastname}
          label="Last name"
          value={values.lastname}
          onChange={set("lastname")}
          autoComplete="family-name"
          maxLength={100}
          required
          error={fieldError(problem, ids.lastname)}
        />
        <TextField
          id={ids.email}
          type="email"
          label="E-mail address"
          hint="We will send a link to this address to confirm it is yours."
          value={values.email}
          onChange={set("email")}
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="none"
          required
          error={fieldError(problem, ids.email)}
        />
        <PasswordField
          id={ids.password}
          label="Password"
          value={values.password}
          onChange={set("password")}
          autoComplete="new-password"
          required
          aria-describedby={HINTS_ID}
          error={fieldError(problem, ids.password)}
          below={<PasswordHints id={HINTS_ID} password={values.password} />}
        />
        <PasswordField
          id={ids.confirmPassword}
          label="Confirm password"
          value={values.confirmPassword}
          onChange={set("confirmPassword")}
          autoComplete="new-password"
          required
          error={fieldError(problem, ids.confirmPassword)}
        />
        <SubmitButton loading={loading}>Create account</SubmitButton>
      </form>
      <div className={styles.links}>
        <p>
          Already have an account? <Link to={paths.login()}>Log in</Link>
        </p>
      </div>
      {pending ? (
        <section className={styles.links} aria-labelledby="pending-verification">
          <h2 id="pending-verification">Waiting for your verification e-mail?</h2>
          <p>We sent a link to {pending}. If it has not arrived, we can send a new one.</p>
          <ResendVerification email={pending} />
        </section>
      ) : null}
    </AuthPanel>
  );
}

function VerificationEmailSent({ email, message }: { email: string; message: string }) {
  return (
    <AuthPanel title="Verification Email Sent!" focusHeading>
      <p className={styles.success}>{message}</p>
      <p>
        We sent the link to <strong>{email}</strong>. It works once and expires in 24 hours. If it has not
        arrived in a few minutes, check your spam folder or ask for a new one.
      </p>
      <ResendVerification email={email} />
      <div className={styles.actions}>
        <Link className="button" to={paths.login()}>
          Back to Login
        </Link>
      </div>
    </AuthPanel>
  );
}
