import { startUserRoles, UserRolesPage } from "../../../features/roles";
import { pageMessages, translatorFor } from "../../../i18n";
import { pageMeta } from "../../../ui/page-title";
import { startPageQueries } from "../../page-queries";
import { PageError } from "../../layout/PageError";
import type { Route } from "./+types/user-roles";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  startPageQueries(request, (client, params, viewer) => startUserRoles(client, params, viewer.role));
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

/** A failure of the page itself, inside the dashboard; a failed read is the page's own to say. */
export function ErrorBoundary() {
  return <PageError />;
}
