import { useState, type FormEvent } from "react";
import { emailRequestSchema, firstProblem } from "../../../domain/accounts/schemas";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { fieldError, formProblem, type FormProblem } from "../../ui/form/form-problem";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { TextField } from "../../ui/form/TextField";
import { toast } from "../../ui/toast/toast-store";
import { serverMessage } from "../../lib/api-client";
import { authApi } from "./auth-api";
import styles from "./auth.module.css";
import { rememberPendingVerificationEmail } from "./pending-verification";

export const resendMessages = {
  sent: "Verification email resent. Please check your inbox.",
  failed: "Failed to resend verification email. Please try again later.",
} as const;

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

  async function resend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    let address = email ?? "";
    if (!email) {
      const parsed = emailRequestSchema.safeParse({ email: typed });
      if (!parsed.success) {
        const message = firstProblem(parsed.error);
        setProblem(formProblem(message, [{ fieldId: EMAIL_FIELD, message }]));
        return;
      }
      address = parsed.data.email;
    }
    setProblem(null);
    setLoading(true);
    try {
      const answer = await authApi.resendVerification(address);
      const text = answer.message ?? resendMessages.sent;
      rememberPendingVerificationEmail(address);
      toast.success(text);
      setOutcome({ ok: true, text });
    } catch (error) {
      const text = serverMessage(error) ?? resendMessages.failed;
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
        <TextField
          id={EMAIL_FIELD}
          type="email"
          label="Your e-mail address"
          hint="We will send a new verification link to this address."
          value={typed}
          onChange={setTyped}
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="none"
          required
          error={fieldError(problem, EMAIL_FIELD)}
        />
      )}
      <SubmitButton loading={loading} className="button--secondary">
        Resend verification email
      </SubmitButton>
      {outcome ? <p className={outcome.ok ? styles.success : styles.problem}>{outcome.text}</p> : null}
    </form>
  );
}
