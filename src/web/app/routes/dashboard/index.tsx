import { EyewitnessPage } from "../../../features/reports";
import { pageMeta } from "../../page-title";

export const meta = () =>
  pageMeta(
    "Eyewitness report",
    "Send an eyewitness report: a barrier, an experience, a question or a contribution, with photographs or a video.",
  );

/** The dashboard's index is the Eyewitness form (spec §2). */
export default function DashboardHome() {
  return <EyewitnessPage />;
}
