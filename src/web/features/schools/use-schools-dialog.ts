import { type RefObject, useEffect, useRef } from "react";
import { useLocation, useSearchParams } from "react-router";
import { useNavigate } from "../../i18n/links";
import type { StateSummary } from "../../../domain/state-summaries";
import { useOnceHydrated } from "../../ui/useHydrated";
import { readSchoolsQuery, type SchoolsQuery, writeSchoolsQuery } from "./schools-query";

// The Schools dialog lives in the URL (see schools-query.ts). Opening pushes a history entry, so Back
// closes the dialog; filtering and searching replace that entry, so Back does not replay every filter.
// Close goes back only to an entry this page load pushed: the entry records the document's time origin,
// which a reload or a shared link does not have, and then Close replaces the entry without the dialog.

interface OpenedHere {
  schoolsOpenedIn: number;
}

function openedInThisDocument(state: unknown): boolean {
  return (
    typeof state === "object" &&
    state !== null &&
    (state as Partial<OpenedHere>).schoolsOpenedIn === performance.timeOrigin
  );
}

export function useSchoolsDialog(
  states: readonly StateSummary[],
  /** Takes focus after closing when the dialog had no opener to return it to (opened by a link). */
  fallbackFocusRef: RefObject<HTMLElement | null>,
) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // The prerendered HTML cannot know the query: it is read once hydrated, so the first render matches.
  const wanted = readSchoolsQuery(params, states);
  const isOpen = useOnceHydrated(wanted !== null, false);
  const query = isOpen ? wanted : null;

  function open(state: StateSummary | null) {
    const opened: OpenedHere = { schoolsOpenedIn: performance.timeOrigin };
    setParams((current) => writeSchoolsQuery(current, { state, name: "", type: "" }), {
      preventScrollReset: true,
      state: opened,
    });
  }

  function change(next: SchoolsQuery) {
    setParams((current) => writeSchoolsQuery(current, next), {
      replace: true,
      preventScrollReset: true,
      state: location.state,
    });
  }

  // Chromium can report a repeated Escape as a second close before the URL changes; go back only once.
  const closedEntry = useRef<string | null>(null);
  function close() {
    if (closedEntry.current === location.key) return;
    closedEntry.current = location.key;
    if (openedInThisDocument(location.state)) {
      navigate(-1);
    } else {
      setParams((current) => writeSchoolsQuery(current, null), { replace: true, preventScrollReset: true });
    }
  }

  // Runs after the dialog has returned focus to its opener; with none (a link, a reload) focus would be lost.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (isOpen) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused.closest("dialog:not([open])")) {
      (fallbackFocusRef.current ?? document.querySelector<HTMLElement>("main"))?.focus();
    }
  }, [isOpen, fallbackFocusRef]);

  return { query, open, change, close };
}
