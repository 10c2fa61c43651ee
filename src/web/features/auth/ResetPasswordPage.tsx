import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate } from "../../i18n/links";
import { accountMessages } from "../../../domain/accounts/messages";
import { paths } from "../../../domain/routes";
import { ApiError } from "../../lib/api-client";
import { session } from "../../lib/session";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, formProblem, type FormProblem } from "../../ui/form/form-problem";
import { PasswordField } from "../../ui/form/PasswordField";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { toast } from "../../ui/toast/toast-store";
import { authApi, failureMessage } from "./auth-api";
import styles from "./auth.module.css";
import { AuthPanel } from "./AuthPanel";
import { checkPasswordReset, resetFields as ids } from "./form-checks";
import type { ForgotPasswordState } from "./ForgotPasswordPage";
import { PasswordHints } from "./PasswordHints";
import { useLinkToken } from "./use-link-token";

export const resetPasswordMessages = {
  missingLink: accountMessages.resetLinkMissing,
  done: "Password has been reset successfully",
  failed: "An error occurred. Please try again later.",
} as const;

const HINTS_ID = "new-password-rules";

/**
 * Reset password (spec §2, §4, §5): the e-mailed link's page. Without a usable token it says 'Invalid
 * reset link. Please request a new password reset.' and sends the visitor to /forgot-password. Otherwise
 * a new password with its confirmation and live rules, then 'Password Reset Successful!'.
 */
export function ResetPasswordPage() {
  const token = useLinkToken();
  const navigate = useNavigate();

  useEffect(() => {
    if (token) return;
    toast.error(resetPasswordMessages.missingLink);
    const state: ForgotPasswordState = { problem: resetPasswordMessages.missingLink };
    navigate(paths.forgotPassword(), { replace: true, state });
  }, [token, navigate]);

  if (!token) {
    return (
      <AuthPanel title="Invalid reset link">
        <p className={styles.problem}>{resetPasswordMessages.missingLink}</p>
        <p>
          <Link to={paths.forgotPassword()}>Request a new password reset</Link>
        </p>
      </AuthPanel>
    );
  }
  return <NewPasswordForm token={token} />;
}

function NewPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [deadLink, setDeadLink] = useState(false);
  const [loading, setLoading] = useState(false);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const found = checkPasswordReset(password, confirmation);
    setProblem(found);
    if (found) return;
    setDeadLink(false);
    setLoading(true);
    try {
      const answer = await authApi.resetPassword(token, password);
      // The server ended every session of the account, this browser's included.
      if (session.current()) session.signOut();
      const message = answer.message ?? resetPasswordMessages.done;
      toast.success(message);
      setDoneMessage(message);
    } catch (error) {
      const message = failureMessage(error, {
        network: resetPasswordMessages.failed,
        other: resetPasswordMessages.failed,
      });
      toast.error(message);
      setProblem(formProblem(message));
      // The link itself is dead (unknown, expired or used): the way on is a new link, not another try.
      setDeadLink(error instanceof ApiError && error.code === "LINK_INVALID");
      setLoading(false);
    }
  }

  if (doneMessage) {
    return (
      <AuthPanel key="done" title="Password Reset Successful!" focusHeading>
        <p className={styles.success}>{doneMessage}</p>
        <p>For your safety, you have been signed out on all your devices.</p>
        <div className={styles.actions}>
          <Link className="button" to={paths.login()}>
            Log in with your new password
          </Link>
        </div>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel key="form" title="Choose a new password">
      <form noValidate onSubmit={submit}>
        {problem ? <ErrorSummary problem={problem} /> : null}
        {deadLink ? (
          <p>
            <Link to={paths.forgotPassword()}>Request a new password reset</Link>
          </p>
        ) : null}
        <PasswordField
          id={ids.password}
          label="New password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          required
          aria-describedby={HINTS_ID}
          error={fieldError(problem, ids.password)}
          below={<PasswordHints id={HINTS_ID} password={password} />}
        />
        <PasswordField
          id={ids.confirmPassword}
          label="Confirm new password"
          value={confirmation}
          onChange={setConfirmation}
          autoComplete="new-password"
          required
          error={fieldError(problem, ids.confirmPassword)}
        />
        <SubmitButton loading={loading}>Reset password</SubmitButton>
      </form>
      <div className={styles.links}>
        <p>
          <Link to={paths.login()}>Back to Login</Link>
        </p>
      </div>
    </AuthPanel>
  );
}
