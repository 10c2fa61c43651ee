import { useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { Link, T, useT, useFailureText, type MessageKey } from "../../i18n";
import { emailRequestSchema, firstProblem } from "../../../domain/accounts/schemas";
import { paths } from "../../../domain/routes";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, formProblem, type FormProblem } from "../../ui/form/form-problem";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { EmailField } from "../../ui/form/TextField";
import { toast } from "../../ui/toast/toast-store";
import { useHydrated } from "../../ui/useHydrated";
import { useAccountText } from "./account-text";
import { authApi } from "./auth-api";
import styles from "./auth.module.css";
import { FormPanel } from "../../ui/form/FormPanel";

const EMAIL_FIELD = "email";

/**
 * Why another page sent the visitor here (a broken reset link), carried in navigation state as the id of
 * its message, said in the page's language.
 */
export interface ForgotPasswordState {
  problem?: MessageKey;
}

/**
 * Forgot password: one e-mail field, then 'Check Your Email' with Try Again and Back to
 * Login. The answer is the same whether or not the address has an account (no account enumeration).
 */
export function ForgotPasswordPage() {
  const location = useLocation();
  const t = useT();
  const accountText = useAccountText();
  const failureText = useFailureText("auth");
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
      const message = accountText(firstProblem(parsed.error));
      setProblem(formProblem(message, [{ fieldId: EMAIL_FIELD, message }]));
      return;
    }
    setProblem(null);
    setLoading(true);
    try {
      await authApi.requestPasswordReset(parsed.data.email);
      // The answer is the same whatever the address: the page says it in its own words.
      const message = t("auth.account.resetRequested");
      toast.success(message);
      setSentMessage(message);
    } catch (error) {
      const failed = t("auth.errorTryLater");
      const message = failureText(error, { network: failed, other: failed });
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
      <FormPanel key="sent" title={t("auth.forgot.sentTitle")} focusHeading>
        <p className={styles.success}>{sentMessage}</p>
        <p>{t("auth.forgot.sentText")}</p>
        <div className={styles.actions}>
          <button type="button" className="button button--secondary" onClick={retry}>
            {t("auth.forgot.tryAgain")}
          </button>
          <Link className="button" to={paths.login()}>
            {t("auth.backToLogin")}
          </Link>
        </div>
      </FormPanel>
    );
  }

  return (
    <FormPanel key="form" title={t("auth.forgot.title")} focusHeading={retrying}>
      {arrivedWith ? <p className={styles.problem}>{t(arrivedWith)}</p> : null}
      <p className={styles.lead}>{t("auth.forgot.lead")}</p>
      <form noValidate onSubmit={submit}>
        {problem ? <ErrorSummary problem={problem} /> : null}
        <EmailField
          id={EMAIL_FIELD}
          label={t("auth.fields.email")}
          value={email}
          onChange={setEmail}
          required
          error={fieldError(problem, EMAIL_FIELD)}
        />
        <SubmitButton loading={loading}>{t("auth.forgot.submit")}</SubmitButton>
      </form>
      <div className={styles.links}>
        <p>
          <T id="auth.forgot.remembered" components={{ link: <Link to={paths.login()} /> }} />
        </p>
      </div>
    </FormPanel>
  );
}
