import { Link } from "../../i18n/links";
import type { StateRecord } from "../../../domain/datasets/schemas";
import { formatAsOf } from "../../../domain/format";
import { countByLawStatus } from "../../../domain/law-status";
import { paths } from "../../../domain/routes";
import { stateRows } from "../../../domain/states-comparison";
import { StatesComparison } from "../../features/comparison";
import { loadDatasets } from "../datasets";
import { pageMeta } from "../page-title";
import type { Route } from "./+types/states";
import styles from "./content-page.module.css";

// Build time only: the page carries the table's rows, not the states' descriptions or the schools.
export async function loader() {
  const { schools, states } = await loadDatasets();
  const records = states as StateRecord[];
  return {
    rows: stateRows(records, schools),
    counts: countByLawStatus(records.map((state) => ({ lawStatus: state.status }))).map(
      ({ category, count }) => `${category.label}: ${count}`,
    ),
    asOf: records[0]?.as_of ?? "",
  };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Compare all states",
    "All 36 states and the FCT side by side: disability law status, year passed, law title, agency, SDIR rank and score, and schools in the directory.",
  );

export default function StatesRoute({ loaderData }: Route.ComponentProps) {
  const { rows, counts, asOf } = loaderData;
  return (
    <article className="container">
      <p>
        <Link to={paths.home()}>Back to Home</Link>
      </p>
      <h1 className={styles.wideTitle}>Compare all 37 states</h1>
      <p>
        Which states have passed a disability law, and since when? {counts.join(", ")}. Data compiled as of{" "}
        {formatAsOf(asOf)}; each state&apos;s page lists its sources. SDIR is the State of Disability
        Inclusion Report 2024 (<Link to={paths.sdir()}>about the report</Link>).
      </p>
      <StatesComparison rows={rows} />
    </article>
  );
}
