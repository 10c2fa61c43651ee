import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate } from "../../i18n/links";
import { paths } from "../../../domain/routes";
import { session } from "../../lib/session";
import { toast } from "../../ui/toast/toast-store";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, formProblem, type FormProblem } from "../../ui/form/form-problem";
import { PasswordField } from "../../ui/form/PasswordField";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { authApi, failureMessage, type VerifyAnswer } from "./auth-api";
import { checkPasswordReset, resetFields } from "./form-checks";
import { PasswordHints } from "./PasswordHints";
import styles from "./auth.module.css";
import { AuthPanel } from "./AuthPanel";
import { forgetPendingVerificationEmail, pendingVerificationEmail } from "./pending-verification";
import { ResendVerification } from "./ResendVerification";
import { useLinkToken } from "./use-link-token";
import { verifyEmailOnce } from "./verify-once";

export const verifyMessages = {
  verifying: "Verifying your e-mail address…",
  verified: "Your e-mail is verified. Signing you in and taking you to your dashboard in 3 seconds.",
  missingToken:
    "Verification token is missing. Please check your email and click the verification link again.",
  failed: "Verification failed. Please try again or contact support.",
  networkFailed: "An error occurred during verification. Please try again later.",
} as const;

/** Spec §9: the dashboard follows 3 seconds after a successful verification. */
export const VERIFIED_REDIRECT_MS = 3000;

type PasswordNeeded = Extract<VerifyAnswer, { passwordRequired: true }>;

type Verification =
  | { kind: "verifying" }
  | { kind: "verified" }
  | { kind: "choose-password"; answer: PasswordNeeded }
  | { kind: "failed"; message: string };

/**
 * The e-mailed verification link's page (spec §2, §4): verifying, then verified (signed in, on to the
 * dashboard after 3 seconds, saying so: DESIGN decision 4) or failed with the reason and Resend. Every
 * state's text is in one polite live region, so screen readers hear each change.
 */
export function VerifyEmailPage() {
  const token = useLinkToken();
  return <VerifyLink key={token ?? ""} token={token} />;
}

function VerifyLink({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const [verification, setVerification] = useState<Verification>(
    token ? { kind: "verifying" } : { kind: "failed", message: verifyMessages.missingToken },
  );

  useEffect(() => {
    if (!token) {
      toast.error(verifyMessages.missingToken);
      return;
    }
    let shown = true;
    verifyEmailOnce(token).then(
      (answer) => {
        if (answer.passwordRequired) {
          // Opened in another browser than the one that registered: the person chooses a password.
          if (shown) setVerification({ kind: "choose-password", answer });
          return;
        }
        // Signed in even if the page was left meanwhile: the server has started the session.
        session.signIn(answer.user, answer.token);
        forgetPendingVerificationEmail();
        if (shown) setVerification({ kind: "verified" });
      },
      (error: unknown) => {
        if (!shown) return;
        const message = failureMessage(error, {
          network: verifyMessages.networkFailed,
          other: verifyMessages.failed,
        });
        toast.error(message);
        setVerification({ kind: "failed", message });
      },
    );
    return () => {
      shown = false;
    };
  }, [token]);

  const verified = verification.kind === "verified";
  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(() => navigate(paths.dashboard(), { replace: true }), VERIFIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate]);

  if (verification.kind === "choose-password") return <ChoosePasswordForm answer={verification.answer} />;

  const title =
    verification.kind === "verifying"
      ? "Verifying your e-mail address"
      : verified
        ? "E-mail address verified"
        : "E-mail verification failed";

  return (
    <AuthPanel title={title}>
      <div role="status">
        {verification.kind === "verifying" ? (
          <p className={styles.busy}>
            <span className={styles.busyIcon} aria-hidden="true" />
            {verifyMessages.verifying}
          </p>
        ) : verification.kind === "verified" ? (
          <p className={styles.success}>{verifyMessages.verified}</p>
        ) : (
          <p className={styles.problem}>{verification.message}</p>
        )}
      </div>
      {verified ? (
        <p>
          <Link to={paths.dashboard()}>Go to your dashboard now</Link>
        </p>
      ) : null}
      {verification.kind === "failed" ? <VerificationFailed /> : null}
    </AuthPanel>
  );
}

export const choosePasswordMessages = {
  heading: "Choose your password",
  explanation:
    "Your e-mail address is confirmed. Because the link was opened in another browser than the one used to register, any password chosen before has been removed. Choose the password you will sign in with.",
  failed: "Your password could not be saved. Please try again.",
  saved: "Your password is set. You are now signed in.",
} as const;

const CHOOSE_HINTS_ID = "chosen-password-rules";

/** After a verification link opened elsewhere: the password is chosen here, then the person is signed in. */
function ChoosePasswordForm({ answer }: { answer: PasswordNeeded }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [loading, setLoading] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const found = checkPasswordReset(password, confirmation);
    setProblem(found);
    if (found) return;
    setLoading(true);
    try {
      const signedIn = await authApi.choosePassword(answer.passwordToken, password);
      session.signIn(signedIn.user, signedIn.token);
      forgetPendingVerificationEmail();
      toast.success(signedIn.message ?? choosePasswordMessages.saved);
      navigate(paths.dashboard(), { replace: true });
    } catch (error) {
      const message = failureMessage(error, {
        network: choosePasswordMessages.failed,
        other: choosePasswordMessages.failed,
      });
      toast.error(message);
      setProblem(formProblem(message));
      setLoading(false);
    }
  }

  return (
    <AuthPanel key="choose-password" title={choosePasswordMessages.heading} focusHeading>
      <p className={styles.success} role="status">
        {choosePasswordMessages.explanation}
      </p>
      <p>
        Account: <strong>{answer.email}</strong>
      </p>
      <form noValidate onSubmit={submit}>
        {problem ? <ErrorSummary problem={problem} /> : null}
        <PasswordField
          id={resetFields.password}
          label="New password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          required
          aria-describedby={CHOOSE_HINTS_ID}
          error={fieldError(problem, resetFields.password)}
          below={<PasswordHints id={CHOOSE_HINTS_ID} password={password} />}
        />
        <PasswordField
          id={resetFields.confirmPassword}
          label="Confirm new password"
          value={confirmation}
          onChange={setConfirmation}
          autoComplete="new-password"
          required
          error={fieldError(problem, resetFields.confirmPassword)}
        />
        <SubmitButton loading={loading}>Save password and sign in</SubmitButton>
      </form>
    </AuthPanel>
  );
}

function VerificationFailed() {
  // A client-rendered page: the remembered address can be read while rendering.
  const [email] = useState(pendingVerificationEmail);
  return (
    <>
      <h2>Get a new verification link</h2>
      {email ? <p>We will send it to {email}.</p> : null}
      <ResendVerification email={email} />
      <div className={styles.links}>
        <p>
          Already verified? <Link to={paths.login()}>Back to Login</Link>
        </p>
      </div>
    </>
  );
}
