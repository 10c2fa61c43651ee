import { Outlet } from "react-router";
import { DashboardGate } from "../../../features/dashboard";
import { Logo } from "../../layout/Logo";
import { pageMeta } from "../../page-title";

// A fallback title for dashboard pages; each page names itself with its own meta.
export const meta = () => pageMeta("Dashboard");

/** The signed-in area: top bar, navigation and main landmark around each dashboard page. */
export default function DashboardLayout() {
  return (
    <DashboardGate logo={<Logo />}>
      <Outlet />
    </DashboardGate>
  );
}
