import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { sameState } from "../../../domain/datasets/state-names";
import { findStateByParam, type StateSummary } from "../../../domain/state-summaries";
import { toast } from "../../ui/toast/toast-store";
import { useHydrated } from "../../ui/useHydrated";

export const POLICY_SECTION_ID = "disability-policy";
export const EDUCATION_SECTION_ID = "education";

// The selected state lives in the URL (/?state=lagos) so Back works and a shared link shows the same view.
export function useStateSelection(states: readonly StateSummary[]) {
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const selected = hydrated ? findStateByParam(states, params.get("state")) : null;

  const select = useCallback(
    (name: string, options: { scroll?: boolean } = {}) => {
      const state = states.find((candidate) => sameState(candidate.name, name));
      if (!state) {
        toast.error(`Data for ${name} is unavailable`);
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
      toast.success(`You are currently viewing Data for ${state.name} state`);
      if (options.scroll !== false) scrollToSection(POLICY_SECTION_ID);
    },
    [states, setParams],
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
    toast.warning("No State Selected");
  }, [setParams]);

  return { selected, select, clear };
}

export function scrollToSection(id: string) {
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  // After React has rendered the new state's section.
  requestAnimationFrame(() =>
    document
      .getElementById(id)
      ?.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" }),
  );
}
