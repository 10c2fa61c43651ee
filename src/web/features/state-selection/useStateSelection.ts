import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { sameState } from "../../../domain/datasets/state-names";
import { findStateByParam, type StateSummary } from "../../../domain/state-summaries";
import { useT } from "../../i18n/language-context";
import { toast } from "../../ui/toast/toast-store";
import { useHydrated } from "../../ui/useHydrated";

export const POLICY_SECTION_ID = "disability-policy";
export const EDUCATION_SECTION_ID = "education";

// The selected state lives in the URL (/?state=lagos) so Back works and a shared link shows the same view.
export function useStateSelection(states: readonly StateSummary[]) {
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const t = useT();
  const selected = hydrated ? findStateByParam(states, params.get("state")) : null;

  const select = useCallback(
    (name: string, options: { scroll?: boolean } = {}) => {
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
      toast.success(t("home.viewingState", { name: state.name }));
      if (options.scroll !== false) scrollToSection(POLICY_SECTION_ID);
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

export function scrollToSection(id: string) {
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  // After React has rendered the new state's section.
  requestAnimationFrame(() =>
    document
      .getElementById(id)
      ?.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" }),
  );
}
