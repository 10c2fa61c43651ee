import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { sameState } from "../../../domain/datasets/state-names";
import { findStateByParam, type StateSummary } from "../../../domain/state-summaries";
import { useT } from "../../i18n/language-context";
import { toast } from "../../ui/toast/toast-store";
import { useOnceHydrated } from "../../ui/useHydrated";

export const POLICY_SECTION_ID = "disability-policy";
export const EDUCATION_SECTION_ID = "education";
export const MAP_SECTION_ID = "map";

// The selected state lives in the URL (/?state=lagos) so Back works and a shared link shows the same view.
export function useStateSelection(states: readonly StateSummary[]) {
  const [params, setParams] = useSearchParams();
  // The prerendered HTML cannot know the query: it is read once hydrated, so the first render matches.
  const stateParam = useOnceHydrated(params.get("state"), null);
  const t = useT();
  const selected = findStateByParam(states, stateParam);

  /**
   * Shows a state: with "focus" (a confirmed choice, a click on the map) the overview's heading takes focus,
   * which brings it into view and has it read; "toast" only says so; "quiet" neither (a choice made before
   * the page was interactive, applied as it becomes so).
   */
  const select = useCallback(
    (name: string, how: "focus" | "toast" | "quiet" = "focus") => {
      const state = states.find((candidate) => sameState(candidate.name, name));
      if (!state) {
        toast.error(t("home.stateUnavailable", { name }));
        return;
      }
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set("state", state.slug);
          return next;
        },
        { preventScrollReset: true },
      );
      if (how === "quiet") return;
      toast.success(t("home.viewingState", { name: state.name }));
      if (how === "focus") focusOverview(state.name);
    },
    [states, setParams, t],
  );

  const clear = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("state");
        return next;
      },
      { preventScrollReset: true },
    );
    toast.warning(t("home.noStateSelected"));
  }, [setParams, t]);

  return { selected, select, clear };
}

/** Focuses the overview's heading once it names the state (after React has rendered the state's section). */
function focusOverview(name: string, frames = 30) {
  const heading = document.querySelector<HTMLElement>(`#${POLICY_SECTION_ID} h2`);
  if (!heading?.textContent?.includes(name)) {
    if (frames) requestAnimationFrame(() => focusOverview(name, frames - 1));
    return;
  }
  heading.tabIndex = -1;
  heading.focus();
}
