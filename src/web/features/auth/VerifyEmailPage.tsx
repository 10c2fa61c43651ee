import { useEffect, useState, type FormEvent } from "react";
import { Link, T, useNavigate, useT, useFailureText } from "../../i18n";
import type { SignedInAnswer } from "../../../domain/api/accounts";
import { paths } from "../../../domain/routes";
import { ApiError } from "../../lib/api-client";
import { session } from "../../lib/session";
import { toast } from "../../ui/toast/toast-store";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, formProblem, type FormProblem } from "../../ui/form/form-problem";
import { PasswordField } from "../../ui/form/PasswordField";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { authApi, type VerificationLink } from "./auth-api";
import { checkPasswordReset, checkPasswordStrength, resetFields } from "./form-checks";
import { NewPasswordFields } from "./NewPasswordFields";
import styles from "./auth.module.css";
import { FormPanel } from "../../ui/form/FormPanel";
import { forgetPendingVerificationEmail, pendingVerificationEmail } from "./pending-verification";
import { ResendVerification } from "./ResendVerification";
import { useLinkToken } from "./use-link-token";
import { openVerificationLinkOnce } from "./verify-once";

/** The dashboard follows 3 seconds after a successful verification. */
export const VERIFIED_REDIRECT_MS = 3000;

type Verification =
  | { kind: "verifying" }
  | { kind: "verified" }
  | { kind: "confirm"; link: VerificationLink }
  /** Without `message`, the link had no token. */
  | { kind: "failed"; message?: string };

/**
 * The e-mailed verification link's page. Opening it never uses the link: it is read first.
 * In the browser that registered, it is then used at once: verified (signed in, on to the dashboard after
 * 3 seconds, and the page says so). In any other browser (or a mail service's link checker) the
 * page says whose registration it is and waits for the person: the password chosen at registration, or a
 * new one. A dead link fails with the reason and Resend. Every state's text is in one polite live region.
 */
export function VerifyEmailPage() {
  const token = useLinkToken();
  return <VerifyLink key={token ?? ""} token={token} />;
}

function VerifyLink({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const t = useT();
  const failureText = useFailureText("auth");
  const [verification, setVerification] = useState<Verification>(
    token ? { kind: "verifying" } : { kind: "failed" },
  );

  useEffect(() => {
    if (!token) {
      toast.error(t("auth.verify.missingToken"));
      return;
    }
    let shown = true;
    openVerificationLinkOnce(token).then(
      (opening) => {
        if (opening.kind === "confirm") {
          if (shown) setVerification({ kind: "confirm", link: opening.link });
          return;
        }
        // Signed in even if the page was left meanwhile: the server has started the session.
        session.signIn(opening.answer.user, opening.answer.token);
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

  if (verification.kind === "confirm") {
    return (
      <ConfirmRegistration
        // A link is read only when the page has its token.
        token={token ?? ""}
        link={verification.link}
        onDeadLink={(message) => setVerification({ kind: "failed", message })}
      />
    );
  }

  const title =
    verification.kind === "verifying"
      ? t("auth.verify.verifyingTitle")
      : verified
        ? t("auth.verify.verifiedTitle")
        : t("auth.verify.failedTitle");

  return (
    // The heading takes focus when a link fails after the page showed it (the confirm form went away).
    <FormPanel title={title} focusHeading={verification.kind === "failed" && token !== null}>
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

const REGISTRATION_PASSWORD_ID = "registration-password";
const CHOOSE_HINTS_ID = "chosen-password-rules";

/**
 * A verification link opened in another browser than the one that registered: the page shows whose
 * registration it is and nothing happens until the person acts. They give the password chosen when
 * registering (verified and signed in, the password kept) or, not knowing it (it was not them, or they
 * forgot), choose a new one, which removes the registration's password.
 */
function ConfirmRegistration({
  token,
  link,
  onDeadLink,
}: {
  token: string;
  link: VerificationLink;
  onDeadLink: (message: string) => void;
}) {
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState(false);
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [loading, setLoading] = useState(false);
  const t = useT();
  const failureText = useFailureText("auth");

  function switchForm() {
    setChoosing(!choosing);
    setPassword("");
    setConfirmation("");
    setProblem(null);
  }

  /** The problem found before sending, or null: the registration's password given, or a valid new one. */
  function checkBeforeSending(): FormProblem | null {
    if (choosing) return checkPasswordReset(password, confirmation, t);
    if (password !== "") return null;
    return formProblem(undefined, [
      { fieldId: REGISTRATION_PASSWORD_ID, message: t("auth.missing.password") },
    ]);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const found = checkBeforeSending();
    setProblem(found);
    if (found) return;
    setLoading(true);
    const owner = { email: link.email, names: [link.firstname, link.lastname] };
    const guessable = choosing ? await checkPasswordStrength(password, owner, resetFields.password, t) : null;
    if (guessable) {
      setProblem(guessable);
      setLoading(false);
      return;
    }
    try {
      const signedIn: SignedInAnswer = await authApi.verifyEmail(
        choosing ? { token, newPassword: password } : { token, password },
      );
      session.signIn(signedIn.user, signedIn.token);
      forgetPendingVerificationEmail();
      toast.success(t(choosing ? "auth.account.passwordChosen" : "auth.account.verified"));
      navigate(paths.dashboard(), { replace: true });
    } catch (error) {
      const failed = t("auth.confirm.failed");
      const message = failureText(error, { network: failed, other: failed });
      toast.error(message);
      setLoading(false);
      if (error instanceof ApiError && error.code === "LINK_INVALID") {
        onDeadLink(message);
        return;
      }
      const fieldId = choosing ? resetFields.password : REGISTRATION_PASSWORD_ID;
      const aboutPassword =
        error instanceof ApiError &&
        (error.code === "WRONG_CREDENTIALS" || error.code === "VALIDATION_FAILED");
      setProblem(formProblem(message, aboutPassword ? [{ fieldId, message }] : []));
    }
  }

  const name = `${link.firstname} ${link.lastname}`;
  return (
    <FormPanel key="confirm" title={t("auth.confirm.title")} focusHeading>
      <p>
        <T
          id="auth.confirm.registration"
          values={{ email: link.email, name }}
          components={{ strong: <strong /> }}
        />
      </p>
      <p>{t("auth.confirm.otherBrowser")}</p>
      <form noValidate onSubmit={submit}>
        {problem ? <ErrorSummary problem={problem} /> : null}
        {choosing ? (
          <>
            <h2>{t("auth.choose.title")}</h2>
            <p>{t("auth.confirm.chooseExplanation")}</p>
            <NewPasswordFields
              hintsId={CHOOSE_HINTS_ID}
              password={password}
              onPasswordChange={setPassword}
              confirmation={confirmation}
              onConfirmationChange={setConfirmation}
              problem={problem}
            />
            <SubmitButton loading={loading}>{t("auth.choose.submit")}</SubmitButton>
          </>
        ) : (
          <>
            <PasswordField
              id={REGISTRATION_PASSWORD_ID}
              label={t("auth.confirm.passwordLabel")}
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
              required
              error={fieldError(problem, REGISTRATION_PASSWORD_ID)}
            />
            <SubmitButton loading={loading}>{t("auth.confirm.submit")}</SubmitButton>
          </>
        )}
      </form>
      <div className={styles.links}>
        <h2>{choosing ? t("auth.confirm.knowItTitle") : t("auth.confirm.unknownTitle")}</h2>
        {choosing ? null : <p>{t("auth.confirm.unknownExplanation")}</p>}
        <p>
          <button type="button" className="button button--secondary" onClick={switchForm}>
            {choosing ? t("auth.confirm.useRegistrationPassword") : t("auth.confirm.chooseInstead")}
          </button>
        </p>
      </div>
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
