import { useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { Link } from "../../i18n/links";
import { accountMessages } from "../../../domain/accounts/messages";
import { emailRequestSchema, firstProblem } from "../../../domain/accounts/schemas";
import { paths } from "../../../domain/routes";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, formProblem, type FormProblem } from "../../ui/form/form-problem";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { TextField } from "../../ui/form/TextField";
import { toast } from "../../ui/toast/toast-store";
import { useHydrated } from "../../ui/useHydrated";
import { authApi, failureMessage } from "./auth-api";
import styles from "./auth.module.css";
import { AuthPanel } from "./AuthPanel";

export const forgotPasswordMessages = {
  failed: "An error occurred. Please try again later.",
} as const;

const EMAIL_FIELD = "email";

/** Why another page sent the visitor here (a broken reset link), carried in navigation state. */
export interface ForgotPasswordState {
  problem?: string;
}

/**
 * Forgot password (spec §2, §4, §5): one e-mail field, then 'Check Your Email' with Try Again and Back to
 * Login. The answer is the same whether or not the address has an account (DESIGN decision 6).
 */
export function ForgotPasswordPage() {
  const location = useLocation();
  // Navigation state is unknown to the prerendered HTML: shown once hydrated, so both renders agree.
  const hydrated = useHydrated();
  const arrivedWith = hydrated ? (location.state as ForgotPasswordState | null)?.problem : undefined;
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [loading, setLoading] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  // After Try Again the button that had focus is gone: focus goes to the form's heading instead.
  const [retrying, setRetrying] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const parsed = emailRequestSchema.safeParse({ email });
    if (!parsed.success) {
      const message = firstProblem(parsed.error);
      setProblem(formProblem(message, [{ fieldId: EMAIL_FIELD, message }]));
      return;
    }
    setProblem(null);
    setLoading(true);
    try {
      const answer = await authApi.requestPasswordReset(parsed.data.email);
      const message = answer.message ?? accountMessages.resetRequested;
      toast.success(message);
      setSentMessage(message);
    } catch (error) {
      const message = failureMessage(error, {
        network: forgotPasswordMessages.failed,
        other: forgotPasswordMessages.failed,
      });
      toast.error(message);
      setProblem(formProblem(message));
    } finally {
      setLoading(false);
    }
  }

  function retry() {
    setSentMessage(null);
    setRetrying(true);
  }

  if (sentMessage) {
    return (
      <AuthPanel key="sent" title="Check Your Email" focusHeading>
        <p className={styles.success}>{sentMessage}</p>
        <p>
          The link works once and expires in 1 hour. If nothing arrives in a few minutes, check your spam
          folder, or try again with the address you registered with.
        </p>
        <div className={styles.actions}>
          <button type="button" className="button button--secondary" onClick={retry}>
            Try Again
          </button>
          <Link className="button" to={paths.login()}>
            Back to Login
          </Link>
        </div>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel key="form" title="Forgot your password?" focusHeading={retrying}>
      {arrivedWith ? <p className={styles.problem}>{arrivedWith}</p> : null}
      <p className={styles.lead}>
        Enter the e-mail address you registered with. We will send you a link to choose a new password.
      </p>
      <form noValidate onSubmit={submit}>
        {problem ? <ErrorSummary problem={problem} /> : null}
        <TextField
          id={EMAIL_FIELD}
          type="email"
          label="E-mail address"
          value={email}
          onChange={setEmail}
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="none"
          required
          error={fieldError(problem, EMAIL_FIELD)}
        />
        <SubmitButton loading={loading}>Send reset link</SubmitButton>
      </form>
      <div className={styles.links}>
        <p>
          Remembered it? <Link to={paths.login()}>Back to Login</Link>
        </p>
      </div>
    </AuthPanel>
  );
}
