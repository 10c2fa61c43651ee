import { ResetPasswordPage } from "../../../features/auth";
import { pageMeta } from "../../page-title";

export const meta = () => pageMeta("Choose a new password");

export default function ResetPassword() {
  return <ResetPasswordPage />;
}
