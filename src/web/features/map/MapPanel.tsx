import { useId, type ReactNode } from "react";
import { useT } from "../../i18n";
import styles from "./MapPanel.module.css";
import { regionLabel } from "./region-label";

export interface MapPanelProps {
  /** The selected state as named in the states data ("Lagos", "FCT"), or null for the whole country. */
  selectedStateName: string | null;
  /** The map. */
  children: ReactNode;
  /** The section's id, for a skip link (it takes focus when the link is followed). */
  id?: string;
}

/**
 * The map's section: 'Map of Lagos State' (FCT: 'Map of Federal Capital Territory') once a state is
 * selected, otherwise a prompt to pick one. With no selection the heading is for screen-reader users
 * only, so the section can still be found by heading.
 */
export function MapPanel({ selectedStateName, children, id }: MapPanelProps) {
  const t = useT();
  const headingId = useId();
  return (
    <section id={id} tabIndex={id ? -1 : undefined} className={styles.panel} aria-labelledby={headingId}>
      {selectedStateName ? (
        <h2 id={headingId} className={styles.heading}>
          {t("map.mapOf", { region: regionLabel(selectedStateName, t) })}
        </h2>
      ) : (
        <>
          <h2 id={headingId} className="visually-hidden">
            {t("map.mapOfNigeria")}
          </h2>
          <p className={styles.prompt}>{t("map.prompt")}</p>
        </>
      )}
      {children}
    </section>
  );
}
