import { useState, type FormEvent } from "react";
import { Link, T, useLanguage, useT, useFailureText } from "../../i18n";
import { paths } from "../../../domain/routes";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, formProblem, type FormProblem } from "../../ui/form/form-problem";
import { PasswordField } from "../../ui/form/PasswordField";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { EmailField, TextField } from "../../ui/form/TextField";
import { toast } from "../../ui/toast/toast-store";
import { authApi } from "./auth-api";
import styles from "./auth.module.css";
import { FormPanel } from "../../ui/form/FormPanel";
import {
  checkPasswordStrength,
  checkRegistration,
  loadPasswordStrength,
  registrationFields as ids,
  type RegistrationValues,
} from "./form-checks";
import { PasswordHints } from "./PasswordHints";
import { rememberPendingVerificationEmail, usePendingVerificationEmail } from "./pending-verification";
import { ResendVerification } from "./ResendVerification";

const empty: RegistrationValues = {
  firstname: "",
  lastname: "",
  email: "",
  password: "",
  confirmPassword: "",
};
const HINTS_ID = "password-rules";

/** Registration: the form, then 'Verification Email Sent!' with Resend and Back to Login. */
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
  const t = useT();
  const language = useLanguage();
  const failureText = useFailureText("auth");
  // An address registered earlier in this browser, still to verify: Resend still works after a reload.
  const pending = usePendingVerificationEmail();
  const set = (field: keyof RegistrationValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const checked = checkRegistration(values, t);
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    setLoading(true);
    const { email, firstname, lastname, password } = checked.registration;
    const guessable = await checkPasswordStrength(
      password,
      { email, names: [firstname, lastname] },
      ids.password,
      t,
    );
    if (guessable) {
      setProblem(guessable);
      setLoading(false);
      return;
    }
    try {
      // The page's language is the account's: its e-mails are written in it.
      await authApi.register({ ...checked.registration, language });
      rememberPendingVerificationEmail(checked.registration.email);
      onRegistered({
        email: checked.registration.email,
        message: t("auth.account.registered"),
      });
    } catch (error) {
      const message = failureText(error, {
        network: t("auth.register.networkFailed"),
        other: t("auth.register.failed"),
      });
      toast.error(message);
      setProblem(formProblem(message));
      setLoading(false);
    }
  }

  return (
    <FormPanel title={t("auth.register.title")}>
      <p className={styles.lead}>{t("auth.register.lead")}</p>
      <form noValidate onSubmit={submit}>
        {problem ? <ErrorSummary problem={problem} /> : null}
        <TextField
          id={ids.firstname}
          label={t("auth.fields.firstname")}
          value={values.firstname}
          onChange={set("firstname")}
          autoComplete="given-name"
          maxLength={100}
          required
          error={fieldError(problem, ids.firstname)}
        />
        <TextField
          id={ids.lastname}
          label={t("auth.fields.lastname")}
          value={values.lastname}
          onChange={set("lastname")}
          autoComplete="family-name"
          maxLength={100}
          required
          error={fieldError(problem, ids.lastname)}
        />
        <EmailField
          id={ids.email}
          label={t("auth.fields.email")}
          hint={t("auth.register.emailHint")}
          value={values.email}
          onChange={set("email")}
          required
          error={fieldError(problem, ids.email)}
        />
        <PasswordField
          id={ids.password}
          label={t("auth.fields.password")}
          value={values.password}
          onChange={set("password")}
          onFocus={() => void loadPasswordStrength()}
          autoComplete="new-password"
          required
          aria-describedby={HINTS_ID}
          error={fieldError(problem, ids.password)}
          below={<PasswordHints id={HINTS_ID} password={values.password} />}
        />
        <PasswordField
          id={ids.confirmPassword}
          label={t("auth.fields.confirmPassword")}
          value={values.confirmPassword}
          onChange={set("confirmPassword")}
          autoComplete="new-password"
          required
          error={fieldError(problem, ids.confirmPassword)}
        />
        <SubmitButton loading={loading}>{t("auth.register.submit")}</SubmitButton>
      </form>
      <div className={styles.links}>
        <p>
          <T id="auth.register.haveAccount" components={{ link: <Link to={paths.login()} /> }} />
        </p>
      </div>
      {pending ? (
        <section className={styles.links} aria-labelledby="pending-verification">
          <h2 id="pending-verification">{t("auth.register.pendingTitle")}</h2>
          <p>{t("auth.register.pendingText", { email: pending })}</p>
          <ResendVerification email={pending} />
        </section>
      ) : null}
    </FormPanel>
  );
}

function VerificationEmailSent({ email, message }: { email: string; message: string }) {
  const t = useT();
  return (
    <FormPanel title={t("auth.register.sentTitle")} focusHeading>
      <p className={styles.success}>{message}</p>
      <p>
        <T id="auth.register.sentText" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      <ResendVerification email={email} />
      <div className={styles.actions}>
        <Link className="button" to={paths.login()}>
          {t("auth.backToLogin")}
        </Link>
      </div>
    </FormPanel>
  );
}
