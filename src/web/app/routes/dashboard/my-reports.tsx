import { MyReportsPage } from "../../../features/reports";
import { pageMeta } from "../../page-title";

export const meta = () =>
  pageMeta("My reports", "The eyewitness reports you have sent and their review status.");

export default function MyReports() {
  return <MyReportsPage />;
}
