import { RegisterPage } from "../../../features/auth";
import { pageMeta } from "../../page-title";

export const meta = () =>
  pageMeta("Create an account", "Register to send eyewitness reports on disability inclusion in Nigeria.");

export default function Register() {
  return <RegisterPage />;
}
