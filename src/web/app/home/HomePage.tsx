import { type ReactNode, useCallback, useEffect, useRef } from "react";
import type { DocumentLinkSource } from "../../../domain/datadesk/documents";
import type { Country } from "../../../domain/datasets/schemas";
import { sameState } from "../../../domain/datasets/state-names";
import type { NationalFigures } from "../../../domain/national-estimates";
import type { StateSummary } from "../../../domain/state-summaries";
import { EducationSection } from "../../features/education";
import { MapPanel, NigeriaMap } from "../../features/map";
import { SchoolsDialog, useSchoolsDialog } from "../../features/schools";
import {
  EDUCATION_SECTION_ID,
  MAP_SECTION_ID,
  POLICY_SECTION_ID,
  useStateSelection,
} from "../../features/state-selection";
import { type FigureCards, NationalStatistics } from "../../features/statistics";
import { StateOverview } from "../../features/states";
import { markPartHydrated } from "../../lib/hydration-mark";
import { LaterPart } from "../../ui/LaterPart";
import styles from "./HomePage.module.css";

export interface HomePageProps {
  states: StateSummary[];
  policy: Country["policy"];
  /** The national policy's uploaded PDF, when the data desk names one. */
  policyDocument: DocumentLinkSource | null;
  figures: NationalFigures;
  cards: FigureCards;
  totalSchools: number;
}

/**
 * The home page's content: the national figures, the selected state's policy and schools, and the map.
 * The route (routes/home.tsx) loads it lazily, so it hydrates after the rest of the page (see there).
 */
export function HomePage({
  states: summaries,
  policy,
  policyDocument,
  figures,
  cards,
  totalSchools,
}: HomePageProps) {
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
  // Stable, so the map (a memo) is not drawn again when the page renders again (as its hydration ends).
  const selectRegion = useCallback((regionName: string) => select(regionName), [select]);
  useEffect(markPartHydrated, []);

  return (
    // The figures, the state's policy and schools, and the map hydrate each in a task of their own after the
    // rest of the content (LaterPart): together they were one task of 150 ms and more on a slow phone.
    <div className="container">
      <LaterPart name="home-statistics">
        <NationalStatistics figures={figures} cards={cards} policy={policy} policyDocument={policyDocument} />
      </LaterPart>
      <div className={styles.columns}>
        <LaterPart name="home-details">
          <div className={styles.details}>
            <HomeSection id={POLICY_SECTION_ID} headingId="policy-heading">
              <StateOverview
                selected={selected}
                countryPolicy={policy}
                policyDocument={policyDocument}
                headingId="policy-heading"
              />
            </HomeSection>
            <HomeSection id={EDUCATION_SECTION_ID} headingId="education-heading">
              <EducationSection
                selected={selected}
                totalSchools={totalSchools}
                headingId="education-heading"
                onViewAll={() => schoolsDialog.open(selected)}
                viewAllRef={viewAllRef}
              />
            </HomeSection>
          </div>
        </LaterPart>
        <LaterPart name="home-map">
          <MapPanel id={MAP_SECTION_ID} selectedStateName={selected?.name ?? null}>
            <NigeriaMap
              lawOf={lawOf}
              selectedRegionName={selected?.name ?? null}
              onSelectRegion={selectRegion}
            />
          </MapPanel>
        </LaterPart>
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

/** A part of the page the skip links and the map's choice move the focus to, named by its heading. */
function HomeSection({ id, headingId, children }: { id: string; headingId: string; children: ReactNode }) {
  return (
    <section id={id} tabIndex={-1} aria-labelledby={headingId} className={styles.section}>
      {children}
    </section>
  );
}
