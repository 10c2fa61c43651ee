import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate } from "../../i18n/links";
import { accountMessages } from "../../../domain/accounts/messages";
import type { UserRole } from "../../../domain/accounts/user";
import { can } from "../../../domain/permissions";
import { paths } from "../../../domain/routes";
import { ApiError } from "../../lib/api-client";
import { session, useSessionUser } from "../../lib/session";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, formProblem, type FormProblem } from "../../ui/form/form-problem";
import { PasswordField } from "../../ui/form/PasswordField";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { TextField } from "../../ui/form/TextField";
import { toast } from "../../ui/toast/toast-store";
import { authApi, failureMessage } from "./auth-api";
import styles from "./auth.module.css";
import { AuthPanel } from "./AuthPanel";
import { forgetPendingVerificationEmail, rememberPendingVerificationEmail } from "./pending-verification";
import { ResendVerification } from "./ResendVerification";

export const loginMessages = {
  fillOutAllFields: "Please Fill out all fields",
  failed: "Login failed. Please check your credentials.",
} as const;

/** Spec §4: a signed-in visitor of the login page is sent on to the dashboard after 2 seconds. */
export const SIGNED_IN_REDIRECT_MS = 2000;

const ids = { email: "email", password: "password" } as const;

/**
 * Where someone goes once signed in: moderators and admins (who may review reports) to the review queue,
 * where their work waits; everyone else to the dashboard. There is no "page you came from" to return to:
 * the dashboard's pages send a signed-out visitor to the home page, not here.
 */
export function landingAfterSignIn(role: UserRole): { path: string; name: string } {
  return can(role, "report:review")
    ? { path: paths.reviews(), name: "the review queue" }
    : { path: paths.dashboard(), name: "your dashboard" };
}

/**
 * Sign in (spec §2, §4, §5). Empty fields show 'Please Fill out all fields' and send nothing (DESIGN
 * decision 3). A 403 (e-mail not verified) offers Resend. Someone already signed in is told so in a live
 * region and taken to the dashboard after 2 seconds.
 */
export function LoginPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
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
      email === "" ? { fieldId: ids.email, message: "Enter your e-mail address" } : null,
      values.password === "" ? { fieldId: ids.password, message: "Enter your password" } : null,
    ].filter((field) => field !== null);
    if (missing.length > 0) {
      setProblem(formProblem(loginMessages.fillOutAllFields, missing));
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
      toast.success(accountMessages.welcomeBack(answer.user.firstname));
      navigate(landingAfterSignIn(answer.user.role).path);
    } catch (error) {
      const message = failureMessage(error, { network: loginMessages.failed, other: loginMessages.failed });
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
    <AuthPanel title="Log in">
      {/* The live region is always there, so what appears in it is announced. */}
      <div role="status">
        {alreadySignedIn && landing ? (
          <p className={styles.notice}>
            You are signed in as {user.firstname}. Taking you to {landing.name} in 2 seconds.
          </p>
        ) : null}
      </div>
      {alreadySignedIn && landing ? (
        <p>
          <Link to={landing.path}>Go to {landing.name} now</Link>
        </p>
      ) : (
        <>
          <form noValidate onSubmit={submit}>
            {problem ? <ErrorSummary problem={problem} /> : null}
            <TextField
              id={ids.email}
              type="email"
              label="E-mail address"
              value={values.email}
              onChange={(email) => setValues((current) => ({ ...current, email }))}
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
              onChange={(password) => setValues((current) => ({ ...current, password }))}
              autoComplete="current-password"
              required
              error={fieldError(problem, ids.password)}
            />
            <SubmitButton loading={loading}>Log in</SubmitButton>
          </form>
          {unverifiedEmail ? (
            <section className={styles.resend} aria-labelledby="verify-first">
              <h2 id="verify-first">Verify your e-mail address first</h2>
              <p>We can send a new verification link to {unverifiedEmail}.</p>
              <ResendVerification email={unverifiedEmail} />
            </section>
          ) : null}
          <div className={styles.links}>
            <p>
              <Link to={paths.forgotPassword()}>Forgot password?</Link>
            </p>
            <p>
              Don&apos;t have an account? <Link to={paths.register()}>Sign up</Link>
            </p>
          </div>
        </>
      )}
    </AuthPanel>
  );
}
