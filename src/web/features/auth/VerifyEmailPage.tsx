import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { paths } from "../../../domain/routes";
import { session } from "../../lib/session";
import { toast } from "../../ui/toast/toast-store";
import { failureMessage } from "./auth-api";
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

type Verification = { kind: "verifying" } | { kind: "verified" } | { kind: "failed"; message: string };

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
