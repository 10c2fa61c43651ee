import { UserRolesPage } from "../../../features/roles";
import { pageMessages, translatorFor } from "../../../i18n";
import { pageMeta } from "../../../ui/page-title";
import type { Route } from "./+types/user-roles";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await pageMessages(request, ["roles"]);
  return null;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("roles.title"), t("roles.description"));
};

export default function UserRoles() {
  return <UserRolesPage />;
}
