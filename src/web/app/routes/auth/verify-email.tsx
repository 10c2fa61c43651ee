import { VerifyEmailPage } from "../../../features/auth";
import { pageMeta } from "../../page-title";

export const meta = () => pageMeta("Verify your e-mail address");

export default function VerifyEmail() {
  return <VerifyEmailPage />;
}
