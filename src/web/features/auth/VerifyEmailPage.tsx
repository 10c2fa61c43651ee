import { useEffect, useState, type FormEvent } from "react";
import { Link, T, useNavigate, useT } from "../../i18n";
import { paths } from "../../../domain/routes";
import { session } from "../../lib/session";
import { toast } from "../../ui/toast/toast-store";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, formProblem, type FormProblem } from "../../ui/form/form-problem";
import { PasswordField } from "../../ui/form/PasswordField";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { useAccountText, useFailureText } from "./account-text";
import { authApi, type VerifyAnswer } from "./auth-api";
import { checkPasswordReset, checkPasswordStrength, loadPasswordStrength, resetFields } from "./form-checks";
import { PasswordHints } from "./PasswordHints";
import styles from "./auth.module.css";
import { FormPanel } from "../../ui/form/FormPanel";
import { forgetPendingVerificationEmail, pendingVerificationEmail } from "./pending-verification";
import { ResendVerification } from "./ResendVerification";
import { useLinkToken } from "./use-link-token";
import { verifyEmailOnce } from "./verify-once";

/** Spec §9: the dashboard follows 3 seconds after a successful verification. */
export const VERIFIED_REDIRECT_MS = 3000;

type PasswordNeeded = Extract<VerifyAnswer, { passwordRequired: true }>;

type Verification =
  | { kind: "verifying" }
  | { kind: "verified" }
  | { kind: "choose-password"; answer: PasswordNeeded }
  /** Without `message`, the link had no token. */
  | { kind: "failed"; message?: string };

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
  const t = useT();
  const failureText = useFailureText();
  const [verification, setVerification] = useState<Verification>(
    token ? { kind: "verifying" } : { kind: "failed" },
  );

  useEffect(() => {
    if (!token) {
      toast.error(t("auth.verify.missingToken"));
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
        const message = failureText(error, {
          network: t("auth.verify.networkFailed"),
          other: t("auth.verify.failed"),
        });
        toast.error(message);
        setVerification({ kind: "failed", message });
      },
    );
    return () => {
      shown = false;
    };
    // The page's messages are loaded before it renders: `t` and `failureText` do not change meanwhile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
      ? t("auth.verify.verifyingTitle")
      : verified
        ? t("auth.verify.verifiedTitle")
        : t("auth.verify.failedTitle");

  return (
    <FormPanel title={title}>
      <div role="status">
        {verification.kind === "verifying" ? (
          <p className={styles.busy}>
            <span className={styles.busyIcon} aria-hidden="true" />
            {t("auth.verify.verifying")}
          </p>
        ) : verification.kind === "verified" ? (
          <p className={styles.success}>{t("auth.verify.verified")}</p>
        ) : (
          <p className={styles.problem}>{verification.message ?? t("auth.verify.missingToken")}</p>
        )}
      </div>
      {verified ? (
        <p>
          <Link to={paths.dashboard()}>{t("auth.verify.goToDashboard")}</Link>
        </p>
      ) : null}
      {verification.kind === "failed" ? <VerificationFailed /> : null}
    </FormPanel>
  );
}

const CHOOSE_HINTS_ID = "chosen-password-rules";

/** After a verification link opened elsewhere: the password is chosen here, then the person is signed in. */
function ChoosePasswordForm({ answer }: { answer: PasswordNeeded }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [loading, setLoading] = useState(false);
  const t = useT();
  const accountText = useAccountText();
  const failureText = useFailureText();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const found = checkPasswordReset(password, confirmation, t);
    setProblem(found);
    if (found) return;
    setLoading(true);
    const owner = { email: answer.email, names: [answer.firstname, answer.lastname] };
    const guessable = await checkPasswordStrength(password, owner, resetFields.password, t);
    if (guessable) {
      setProblem(guessable);
      setLoading(false);
      return;
    }
    try {
      const signedIn = await authApi.choosePassword(answer.passwordToken, password);
      session.signIn(signedIn.user, signedIn.token);
      forgetPendingVerificationEmail();
      toast.success(accountText(signedIn.message ?? t("auth.account.passwordChosen")));
      navigate(paths.dashboard(), { replace: true });
    } catch (error) {
      const failed = t("auth.choose.failed");
      const message = failureText(error, { network: failed, other: failed });
      toast.error(message);
      setProblem(formProblem(message));
      setLoading(false);
    }
  }

  return (
    <FormPanel key="choose-password" title={t("auth.choose.title")} focusHeading>
      <p className={styles.success} role="status">
        {t("auth.choose.explanation")}
      </p>
      <p>
        <T id="auth.choose.account" values={{ email: answer.email }} components={{ strong: <strong /> }} />
      </p>
      <form noValidate onSubmit={submit}>
        {problem ? <ErrorSummary problem={problem} /> : null}
        <PasswordField
          id={resetFields.password}
          label={t("auth.fields.newPassword")}
          value={password}
          onChange={setPassword}
          onFocus={() => void loadPasswordStrength()}
          autoComplete="new-password"
          required
          aria-describedby={CHOOSE_HINTS_ID}
          error={fieldError(problem, resetFields.password)}
          below={<PasswordHints id={CHOOSE_HINTS_ID} password={password} />}
        />
        <PasswordField
          id={resetFields.confirmPassword}
          label={t("auth.fields.confirmNewPassword")}
          value={confirmation}
          onChange={setConfirmation}
          autoComplete="new-password"
          required
          error={fieldError(problem, resetFields.confirmPassword)}
        />
        <SubmitButton loading={loading}>{t("auth.choose.submit")}</SubmitButton>
      </form>
    </FormPanel>
  );
}

function VerificationFailed() {
  // A client-rendered page: the remembered address can be read while rendering.
  const [email] = useState(pendingVerificationEmail);
  const t = useT();
  return (
    <>
      <h2>{t("auth.verify.newLinkTitle")}</h2>
      {email ? <p>{t("auth.verify.newLinkTo", { email })}</p> : null}
      <ResendVerification email={email} />
      <div className={styles.links}>
        <p>
          <T id="auth.verify.alreadyVerified" components={{ link: <Link to={paths.login()} /> }} />
        </p>
      </div>
    </>
  );
}
