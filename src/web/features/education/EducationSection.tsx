import type { Ref } from "react";
import { formatNumber } from "../../../domain/format";
import { openDataPath } from "../../../domain/opendata/documents";
import type { StateSummary } from "../../../domain/state-summaries";
import { InfoTooltip } from "../../ui/InfoTooltip";
import styles from "./EducationSection.module.css";

/** 'No of Inclusive Schools' for the country or the chosen state, with View All opening the directory. */
export function EducationSection({
  selected,
  totalSchools,
  headingId,
  onViewAll,
  viewAllRef,
}: {
  selected: StateSummary | null;
  totalSchools: number;
  headingId: string;
  onViewAll: () => void;
  /** The View All button, for the page to give it focus back when the directory closes. */
  viewAllRef?: Ref<HTMLButtonElement>;
}) {
  const count = selected ? selected.schoolCount : totalSchools;
  return (
    <>
      <h2 id={headingId}>Education{selected ? ` in ${selected.name}` : ""}</h2>
      {count === 0 && selected ? (
        <p className={styles.muted}>No school data available for {selected.name} state</p>
      ) : (
        <div className={styles.card}>
          <div className={styles.label}>
            <h3 className={styles.title}>No of Inclusive Schools</h3>
            <InfoTooltip label="About the number of inclusive schools">
              The total number of inclusive and special schools covered
              {selected ? ` in ${selected.name}` : " in Nigeria"} by this directory. It is not a census: only
              schools named by a published source are listed.
            </InfoTooltip>
          </div>
          <p className={styles.count}>{formatNumber(count)}</p>
          <button
            ref={viewAllRef}
            type="button"
            className="button"
            onClick={onViewAll}
            aria-haspopup="dialog"
          >
            View All<span className="visually-hidden"> inclusive schools</span>
          </button>
          <p className={styles.download}>
            <a href={openDataPath("schools", "csv", selected ? `?state=${selected.slug}` : "")} download>
              Download the schools{selected ? ` of ${selected.name}` : ""} as CSV
            </a>
          </p>
        </div>
      )}
    </>
  );
}
