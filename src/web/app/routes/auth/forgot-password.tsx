import { ForgotPasswordPage } from "../../../features/auth";
import { pageMeta } from "../../page-title";

export const meta = () =>
  pageMeta(
    "Forgot your password?",
    "Ask for a link to choose a new password for your Inclusion Atlas account.",
  );

export default function ForgotPassword() {
  return <ForgotPasswordPage />;
}
