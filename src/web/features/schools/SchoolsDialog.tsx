import { useRef } from "react";
import type { StateSummary } from "../../../domain/state-summaries";
import { useT } from "../../i18n";
import { Dialog } from "../../ui/Dialog";
import type * as SchoolFinderModule from "./SchoolFinder";
import type { SchoolsQuery } from "./schools-query";
import styles from "./SchoolsDialog.module.css";
import { useSchools } from "./use-schools";

// Accessibility contract: a modal dialog named "Schools". Focus starts on Close; then the directory
// (SchoolFinder.tsx: filters, search, cards). The count of schools shown is a polite live region, so
// filtering and searching are announced; the search outcome is also a toast (not for a search that came
// with the URL: the count says the result). Loading is a status message; a failed load is an alert with
// Retry. The directory's code and the school list are fetched when the dialog first opens.

export interface SchoolsDialogProps {
  /** The state filter and the applied search, as the URL holds them; null when the dialog is closed. */
  query: SchoolsQuery | null;
  /** Asks the owner to show another filter or applied search (it writes the URL). */
  onQueryChange: (query: SchoolsQuery) => void;
  onClose: () => void;
  /** The 37 states of data/states.json, in order. */
  states: readonly StateSummary[];
}

export function SchoolsDialog({ query, onQueryChange, onClose, states }: SchoolsDialogProps) {
  const t = useT();
  return (
    <Dialog open={query !== null} onClose={onClose} title={t("schools.dialogTitle")} size="wide">
      {/* Mounted per opening, so the list loads only when asked for and the inputs start from the URL. */}
      {query ? <SchoolDirectory query={query} onQueryChange={onQueryChange} states={states} /> : null}
    </Dialog>
  );
}

interface SchoolDirectoryProps {
  query: SchoolsQuery;
  onQueryChange: (query: SchoolsQuery) => void;
  states: readonly StateSummary[];
}

type FinderModule = typeof SchoolFinderModule;
let finderModule: Promise<FinderModule> | null = null;

/** The directory's code, fetched on first opening and kept; a failed fetch is forgotten so Retry tries again. */
function loadFinder(): Promise<FinderModule> {
  finderModule ??= import("./SchoolFinder").catch((error: unknown) => {
    finderModule = null;
    throw error;
  });
  return finderModule;
}

function SchoolDirectory(props: SchoolDirectoryProps) {
  const t = useT();
  const { load, retry } = useSchools(loadFinder);
  const regionRef = useRef<HTMLDivElement>(null);

  function retryLoading() {
    retry();
    // The Retry button disappears; keep focus in the same place rather than dropping it to the page.
    regionRef.current?.focus();
  }

  return (
    <div ref={regionRef} tabIndex={-1} className={styles.region}>
      {load.status === "loading" ? (
        <p role="status" className={styles.notice}>
          {t("schools.loading")}
        </p>
      ) : load.status === "error" ? (
        <div className={styles.notice}>
          <p role="alert">{t("schools.loadFailed")}</p>
          <button type="button" className="button" onClick={retryLoading}>
            {t("schools.retry")}
          </button>
        </div>
      ) : (
        <load.extra.SchoolFinder schools={load.schools} {...props} />
      )}
    </div>
  );
}
