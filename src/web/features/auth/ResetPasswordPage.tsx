import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate, useT, useFailureText } from "../../i18n";
import { paths } from "../../../domain/routes";
import { ApiError } from "../../lib/api-client";
import { session } from "../../lib/session";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { formProblem, type FormProblem } from "../../ui/form/form-problem";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { toast } from "../../ui/toast/toast-store";
import { authApi } from "./auth-api";
import styles from "./auth.module.css";
import { FormPanel } from "../../ui/form/FormPanel";
import { checkPasswordReset, checkPasswordStrength, resetFields as ids } from "./form-checks";
import type { ForgotPasswordState } from "./ForgotPasswordPage";
import { NewPasswordFields } from "./NewPasswordFields";
import { useLinkToken } from "./use-link-token";

const HINTS_ID = "new-password-rules";

/**
 * Reset password: the e-mailed link's page. Without a usable token it says 'Invalid
 * reset link. Please request a new password reset.' and sends the visitor to /forgot-password. Otherwise
 * a new password with its confirmation and live rules, then 'Password Reset Successful!'.
 */
export function ResetPasswordPage() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const t = useT();

  useEffect(() => {
    if (token) return;
    toast.error(t("auth.account.resetLinkMissing"));
    // The domain's English sentence: the next page shows it in its language.
    const state: ForgotPasswordState = { problem: "auth.account.resetLinkMissing" };
    navigate(paths.forgotPassword(), { replace: true, state });
  }, [token, navigate, t]);

  if (!token) {
    return (
      <FormPanel title={t("auth.reset.invalidTitle")}>
        <p className={styles.problem}>{t("auth.account.resetLinkMissing")}</p>
        <p>
          <Link to={paths.forgotPassword()}>{t("auth.requestNewReset")}</Link>
        </p>
      </FormPanel>
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
  const t = useT();
  const failureText = useFailureText("auth");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const found = checkPasswordReset(password, confirmation, t);
    setProblem(found);
    if (found) return;
    setDeadLink(false);
    setLoading(true);
    // The link's owner is not known here: the server also checks their e-mail address and names.
    const guessable = await checkPasswordStrength(password, {}, ids.password, t);
    if (guessable) {
      setProblem(guessable);
      setLoading(false);
      return;
    }
    try {
      await authApi.resetPassword(token, password);
      // The server ended every session of the account, this browser's included.
      if (session.current()) session.signOut();
      const message = t("auth.account.passwordReset");
      toast.success(message);
      setDoneMessage(message);
    } catch (error) {
      const failed = t("auth.errorTryLater");
      const message = failureText(error, { network: failed, other: failed });
      toast.error(message);
      setProblem(formProblem(message));
      // The link itself is dead (unknown, expired or used): the way on is a new link, not another try.
      setDeadLink(error instanceof ApiError && error.code === "LINK_INVALID");
      setLoading(false);
    }
  }

  if (doneMessage) {
    return (
      <FormPanel key="done" title={t("auth.reset.doneTitle")} focusHeading>
        <p className={styles.success}>{doneMessage}</p>
        <p>{t("auth.reset.signedOutEverywhere")}</p>
        <div className={styles.actions}>
          <Link className="button" to={paths.login()}>
            {t("auth.reset.logIn")}
          </Link>
        </div>
      </FormPanel>
    );
  }

  return (
    <FormPanel key="form" title={t("auth.reset.title")}>
      <form noValidate onSubmit={submit}>
        {problem ? <ErrorSummary problem={problem} /> : null}
        {deadLink ? (
          <p>
            <Link to={paths.forgotPassword()}>{t("auth.requestNewReset")}</Link>
          </p>
        ) : null}
        <NewPasswordFields
          hintsId={HINTS_ID}
          password={password}
          onPasswordChange={setPassword}
          confirmation={confirmation}
          onConfirmationChange={setConfirmation}
          problem={problem}
        />
        <SubmitButton loading={loading}>{t("auth.reset.submit")}</SubmitButton>
      </form>
      <div className={styles.links}>
        <p>
          <Link to={paths.login()}>{t("auth.backToLogin")}</Link>
        </p>
      </div>
    </FormPanel>
  );
}
