import { DashboardWelcome } from "../../../features/dashboard/DashboardWelcome";
import { pageMeta } from "../../page-title";

export const meta = () => pageMeta("Dashboard");

/** The dashboard's first page (issue 4 makes it the Eyewitness form). */
export default function DashboardHome() {
  return <DashboardWelcome />;
}
