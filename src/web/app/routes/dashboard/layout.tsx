import { Outlet } from "react-router";
import { DashboardGate } from "../../../features/dashboard";
import { pageMessages, translatorFor } from "../../../i18n";
import { Logo } from "../../layout/Logo";
import { pageMeta } from "../../../ui/page-title";
import type { Route } from "./+types/layout";

// Rendered in the browser: the shell's messages (top bar, navigation, account menu) are loaded there.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await pageMessages(request, ["dashboard"]);
  return null;
}

// A fallback title for dashboard pages; each page names itself with its own meta.
export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(translatorFor(location.pathname)("dashboard.title"));

/** The signed-in area: top bar, navigation and main landmark around each dashboard page. */
export default function DashboardLayout() {
  return (
    <DashboardGate logo={<Logo />}>
      <Outlet />
    </DashboardGate>
  );
}
