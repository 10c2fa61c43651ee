import { EyewitnessPage } from "../../../features/eyewitness";
import { pageMessages, translatorFor } from "../../../i18n";
import { pageMeta } from "../../../ui/page-title";
import { PageError } from "../../layout/PageError";
import type { Route } from "./+types/index";

// The form's own namespace is loaded by whoever converts it (the eyewitness feature): add it here.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await pageMessages(request, ["dashboard", "report"]);
  return null;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("dashboard.eyewitnessTitle"), t("dashboard.eyewitnessDescription"));
};

/** The dashboard's index is the Eyewitness form. */
export default function DashboardHome() {
  return <EyewitnessPage />;
}

/** A failure of the page itself, inside the dashboard; a failed read is the page's own to say. */
export function ErrorBoundary() {
  return <PageError />;
}
