import { RegisterPage } from "../../../features/auth";
import { pageMessages, translatorFor } from "../../../i18n";
import { pageMeta } from "../../../ui/page-title";
import type { Route } from "./+types/register";

export async function loader({ request }: Route.LoaderArgs) {
  return { i18n: await pageMessages(request, ["auth"]) };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("auth.register.title"), t("auth.register.description"));
};

export default function Register() {
  return <RegisterPage />;
}
