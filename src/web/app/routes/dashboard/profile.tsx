import { ProfilePage } from "../../../features/profile";
import { pageMessages, translatorFor } from "../../../i18n";
import { pageMeta } from "../../../ui/page-title";
import { PageError } from "../../layout/PageError";
import type { Route } from "./+types/profile";

// The profile form shows the accounts' sentences (auth) beside its own.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await pageMessages(request, ["dashboard", "profile", "auth"]);
  return null;
}

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(translatorFor(location.pathname)("profile.title"));

export default function Profile() {
  return <ProfilePage />;
}

/** A failure of the page itself, inside the dashboard; a failed read is the page's own to say. */
export function ErrorBoundary() {
  return <PageError />;
}
