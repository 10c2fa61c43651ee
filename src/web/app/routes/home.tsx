import { useCallback, useRef } from "react";
import country from "../../../../data/country-ng.json";
import estimates from "../../../../data/estimates.json";
import { estimatesSchema, type Country } from "../../../domain/datasets/schemas";
import { sameState } from "../../../domain/datasets/state-names";
import { nationalFigures } from "../../../domain/national-estimates";
import { summarizeStates } from "../../../domain/state-summaries";
import { EducationSection } from "../../features/education";
import { MapPanel, NigeriaMap } from "../../features/map";
import { SchoolsDialog, useSchoolsDialog } from "../../features/schools";
import { EDUCATION_SECTION_ID, POLICY_SECTION_ID, useStateSelection } from "../../features/state-selection";
import { figureCards, NationalStatistics } from "../../features/statistics";
import { StateOverview } from "../../features/states";
import { loadDatasets } from "../datasets";
import { pageMeta } from "../page-title";
import type { Route } from "./+types/home";
import styles from "./home.module.css";

// Build time only: the page ships short summaries of the 37 states, not their full records or the schools.
export async function loader() {
  const { schools, states } = await loadDatasets();
  const figures = nationalFigures(estimatesSchema.parse(estimates));
  return {
    states: summarizeStates(states, schools),
    policy: (country as Country).policy,
    figures,
    cards: figureCards(figures, schools.length),
    totalSchools: schools.length,
  };
}

export const meta: Route.MetaFunction = () => pageMeta(undefined);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { states: summaries, policy, figures, cards, totalSchools } = loaderData;
  const { selected, select } = useStateSelection(summaries);
  const viewAllRef = useRef<HTMLButtonElement>(null);
  const schoolsDialog = useSchoolsDialog(summaries, viewAllRef);
  const lawOf = useCallback(
    (regionName: string) => {
      const state = summaries.find((candidate) => sameState(candidate.name, regionName));
      return state ? { status: state.lawStatus, year: state.lawYear } : undefined;
    },
    [summaries],
  );

  return (
    <div className="container">
      <NationalStatistics figures={figures} cards={cards} policy={policy} />
      <div className={styles.columns}>
        <div className={styles.details}>
          <section id={POLICY_SECTION_ID} aria-labelledby="policy-heading" className={styles.section}>
            <StateOverview selected={selected} countryPolicy={policy} headingId="policy-heading" />
          </section>
          <section id={EDUCATION_SECTION_ID} aria-labelledby="education-heading" className={styles.section}>
            <EducationSection
              selected={selected}
              totalSchools={totalSchools}
              headingId="education-heading"
              onViewAll={() => schoolsDialog.open(selected)}
              viewAllRef={viewAllRef}
            />
          </section>
        </div>
        <MapPanel selectedStateName={selected?.name ?? null}>
          <NigeriaMap
            lawOf={lawOf}
            selectedRegionName={selected?.name ?? null}
            onSelectRegion={(regionName) => select(regionName)}
          />
        </MapPanel>
      </div>
      <SchoolsDialog
        query={schoolsDialog.query}
        onQueryChange={schoolsDialog.change}
        onClose={schoolsDialog.close}
        states={summaries}
      />
    </div>
  );
}
