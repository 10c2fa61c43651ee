import { LoginPage } from "../../../features/auth";
import { pageMeta } from "../../page-title";

export const meta = () => pageMeta("Log in", "Log in to your Inclusion Atlas account.");

export default function Login() {
  return <LoginPage />;
}
