import { ResetPasswordPage } from "../../../features/auth";
import { pageMessages, translatorFor } from "../../../i18n";
import { pageMeta } from "../../../ui/page-title";
import type { Route } from "./+types/reset-password";

// Rendered in the browser (the link's token is the visitor's own): its messages are loaded there.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await pageMessages(request, ["auth"]);
  return null;
}

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(translatorFor(location.pathname)("auth.reset.title"));

export default function ResetPassword() {
  return <ResetPasswordPage />;
}
