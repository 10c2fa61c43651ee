import { useState, type FormEvent } from "react";
import { emailRequestSchema, firstProblem } from "../../../domain/accounts/schemas";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, formProblem, type FormProblem } from "../../ui/form/form-problem";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { EmailField } from "../../ui/form/TextField";
import { toast } from "../../ui/toast/toast-store";
import { useT, useFailureText } from "../../i18n";
import { useAccountText } from "./account-text";
import { authApi } from "./auth-api";
import styles from "./auth.module.css";
import { rememberPendingVerificationEmail } from "./pending-verification";

const EMAIL_FIELD = "resend-email";

/**
 * A Resend verification email button. With a known address it is one button; without, it first asks for
 * the address (a labelled field, validated on submit). The outcome is a toast (announced politely) and
 * stays on the page as text under the button.
 */
export function ResendVerification({ email }: { email?: string | null }) {
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const t = useT();
  const accountText = useAccountText();
  const failureText = useFailureText("auth");

  async function resend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    let address = email ?? "";
    if (!email) {
      const parsed = emailRequestSchema.safeParse({ email: typed });
      if (!parsed.success) {
        const message = accountText(firstProblem(parsed.error));
        setProblem(formProblem(message, [{ fieldId: EMAIL_FIELD, message }]));
        return;
      }
      address = parsed.data.email;
    }
    setProblem(null);
    setLoading(true);
    try {
      await authApi.resendVerification(address);
      const text = t("auth.account.verificationResent");
      rememberPendingVerificationEmail(address);
      toast.success(text);
      setOutcome({ ok: true, text });
    } catch (error) {
      const failed = t("auth.resend.failed");
      const text = failureText(error, { network: failed, other: failed });
      toast.error(text);
      setOutcome({ ok: false, text });
    } finally {
      setLoading(false);
    }
  }

  return (
    <form className={styles.resend} noValidate onSubmit={resend}>
      {problem ? <ErrorSummary problem={problem} /> : null}
      {email ? null : (
        <EmailField
          id={EMAIL_FIELD}
          label={t("auth.resend.emailLabel")}
          hint={t("auth.resend.emailHint")}
          value={typed}
          onChange={setTyped}
          required
          error={fieldError(problem, EMAIL_FIELD)}
        />
      )}
      <SubmitButton loading={loading} className="button--secondary">
        {t("auth.resend.submit")}
      </SubmitButton>
      {outcome ? <p className={outcome.ok ? styles.success : styles.problem}>{outcome.text}</p> : null}
    </form>
  );
}
