// The auth feature's public entry: other folders import only what is exported here.
export { ForgotPasswordPage } from "./ForgotPasswordPage";
export { LoginPage } from "./LoginPage";
export { RegisterPage } from "./RegisterPage";
export { ResetPasswordPage } from "./ResetPasswordPage";
export { VerifyEmailPage } from "./VerifyEmailPage";
