import { useEffect, useState, type FormEvent } from "react";
import { Link, T, useNavigate, useT, useFailureText } from "../../i18n";
import type { UserRole } from "../../../domain/accounts/user";
import { can } from "../../../domain/permissions";
import { paths } from "../../../domain/routes";
import { ApiError } from "../../lib/api-client";
import { session, useSessionUser } from "../../lib/session";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, formProblem, type FormProblem } from "../../ui/form/form-problem";
import { PasswordField } from "../../ui/form/PasswordField";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { EmailField } from "../../ui/form/TextField";
import { toast } from "../../ui/toast/toast-store";
import { authApi } from "./auth-api";
import styles from "./auth.module.css";
import { FormPanel } from "../../ui/form/FormPanel";
import { forgetPendingVerificationEmail, rememberPendingVerificationEmail } from "./pending-verification";
import { ResendVerification } from "./ResendVerification";

/** A signed-in visitor of the login page is sent on to the dashboard after 2 seconds. */
export const SIGNED_IN_REDIRECT_MS = 2000;

const ids = { email: "email", password: "password" } as const;

/**
 * Where someone goes once signed in: moderators and admins (who may review reports) to the review queue,
 * where their work waits; everyone else to the dashboard. There is no "page you came from" to return to:
 * the dashboard's pages send a signed-out visitor to the home page, not here.
 */
export function landingAfterSignIn(role: UserRole): { path: string; place: "reviews" | "dashboard" } {
  return can(role, "report:review")
    ? { path: paths.reviews(), place: "reviews" }
    : { path: paths.dashboard(), place: "dashboard" };
}

const landingText = {
  reviews: { signedIn: "auth.login.signedInReviews", goNow: "auth.login.goToReviews" },
  dashboard: { signedIn: "auth.login.signedInDashboard", goNow: "auth.login.goToDashboard" },
} as const;

/**
 * Sign in. Empty fields show 'Please Fill out all fields' and send nothing (an empty
 * request could only fail). A 403 (e-mail not verified) offers Resend. Someone already signed in is told so in a live
 * region and taken to the dashboard after 2 seconds.
 */
export function LoginPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const t = useT();
  const failureText = useFailureText("auth");
  const [values, setValues] = useState({ email: "", password: "" });
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // Set just before this page signs someone in: they go straight on, without the "already signed in" wait.
  const [signingIn, setSigningIn] = useState(false);
  const alreadySignedIn = user !== null && !signingIn;
  const landing = user ? landingAfterSignIn(user.role) : null;
  const landingPath = landing?.path;

  useEffect(() => {
    if (!alreadySignedIn || !landingPath) return;
    const timer = setTimeout(() => navigate(landingPath, { replace: true }), SIGNED_IN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [alreadySignedIn, landingPath, navigate]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const email = values.email.trim();
    const missing = [
      email === "" ? { fieldId: ids.email, message: t("auth.missing.email") } : null,
      values.password === "" ? { fieldId: ids.password, message: t("auth.missing.password") } : null,
    ].filter((field) => field !== null);
    if (missing.length > 0) {
      setProblem(formProblem(t("auth.login.fillOutAllFields"), missing));
      return;
    }
    setProblem(null);
    setUnverifiedEmail(null);
    setLoading(true);
    try {
      const answer = await authApi.login({ email, password: values.password });
      setSigningIn(true);
      session.signIn(answer.user, answer.token);
      forgetPendingVerificationEmail();
      toast.success(t("auth.account.welcomeBack", { firstname: answer.user.firstname }));
      navigate(landingAfterSignIn(answer.user.role).path);
    } catch (error) {
      const failed = t("auth.login.failed");
      const message = failureText(error, { network: failed, other: failed });
      toast.error(message);
      setProblem(formProblem(message));
      if (error instanceof ApiError && error.code === "EMAIL_NOT_VERIFIED") {
        rememberPendingVerificationEmail(email);
        setUnverifiedEmail(email);
      }
      setLoading(false);
    }
  }

  return (
    <FormPanel title={t("auth.login.title")}>
      {/* The live region is always there, so what appears in it is announced. */}
      <div role="status">
        {alreadySignedIn && landing ? (
          <p className={styles.notice}>
            {t(landingText[landing.place].signedIn, { firstname: user.firstname })}
          </p>
        ) : null}
      </div>
      {alreadySignedIn && landing ? (
        <p>
          <Link to={landing.path}>{t(landingText[landing.place].goNow)}</Link>
        </p>
      ) : (
        <>
          <form noValidate onSubmit={submit}>
            {problem ? <ErrorSummary problem={problem} /> : null}
            <EmailField
              id={ids.email}
              label={t("auth.fields.email")}
              value={values.email}
              onChange={(email) => setValues((current) => ({ ...current, email }))}
              required
              error={fieldError(problem, ids.email)}
            />
            <PasswordField
              id={ids.password}
              label={t("auth.fields.password")}
              value={values.password}
              onChange={(password) => setValues((current) => ({ ...current, password }))}
              autoComplete="current-password"
              required
              error={fieldError(problem, ids.password)}
            />
            <SubmitButton loading={loading}>{t("auth.login.submit")}</SubmitButton>
          </form>
          {unverifiedEmail ? (
            <section className={styles.resend} aria-labelledby="verify-first">
              <h2 id="verify-first">{t("auth.login.verifyFirst")}</h2>
              <p>{t("auth.login.verifyFirstText", { email: unverifiedEmail })}</p>
              <ResendVerification email={unverifiedEmail} />
            </section>
          ) : null}
          <div className={styles.links}>
            <p>
              <Link to={paths.forgotPassword()}>{t("auth.login.forgotPassword")}</Link>
            </p>
            <p>
              <T id="auth.login.noAccount" components={{ link: <Link to={paths.register()} /> }} />
            </p>
          </div>
        </>
      )}
    </FormPanel>
  );
}
