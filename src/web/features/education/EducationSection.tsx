import type { Ref } from "react";
import { formatNumber } from "../../../domain/format";
import { openDataPath } from "../../../domain/opendata/documents";
import type { StateSummary } from "../../../domain/state-summaries";
import { T, useT } from "../../i18n";
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
  const t = useT();
  const count = selected ? selected.schoolCount : totalSchools;
  return (
    <>
      <h2 id={headingId}>
        {selected ? t("education.headingIn", { name: selected.name }) : t("education.heading")}
      </h2>
      {count === 0 && selected ? (
        <p className={styles.muted}>{t("education.noData", { name: selected.name })}</p>
      ) : (
        <div className={styles.card}>
          <div className={styles.label}>
            <h3 className={styles.title}>{t("education.countTitle")}</h3>
            <InfoTooltip label={t("education.countInfoLabel")}>
              {selected
                ? t("education.countInfoState", { name: selected.name })
                : t("education.countInfoNigeria")}
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
            <T id="education.viewAll" components={{ hidden: <span className="visually-hidden" /> }} />
          </button>
          <p className={styles.download}>
            <a href={openDataPath("schools", "csv", selected ? `?state=${selected.slug}` : "")} download>
              {selected ? t("education.downloadState", { name: selected.name }) : t("education.download")}
            </a>
          </p>
        </div>
      )}
    </>
  );
}
