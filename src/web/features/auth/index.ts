// The auth feature's public entry: other folders import only what is exported here.
export { ForgotPasswordPage } from "./ForgotPasswordPage";
export { LoginPage } from "./LoginPage";
export { RegisterPage } from "./RegisterPage";
export { ResetPasswordPage } from "./ResetPasswordPage";
export { VerifyEmailPage } from "./VerifyEmailPage";
// The accounts' sentences (shared schemas, server answers) in the page's language; they need "auth" loaded.
export { useAccountText } from "./account-text";
