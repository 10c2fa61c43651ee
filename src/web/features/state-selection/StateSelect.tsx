import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { paths } from "../../../domain/routes";
import type { StateSummary } from "../../../domain/state-summaries";
import { useLocalizePath, useT } from "../../i18n/language-context";

/**
 * The state dropdown: the equivalent of the map for every visitor (placeholder 'Select a state').
 *
 * It is a plain form submitting `/?state=<slug>`, so it works before the page's JavaScript has run (a slow
 * phone can take seconds to hydrate). Once hydrated, going through the list (arrows, typed letters) changes
 * nothing else (WCAG 3.2.2): the choice applies when confirmed, by Enter or "Show" (the overview's heading
 * then takes focus) or by leaving the dropdown (the page stays where it is). A choice made before hydration
 * is kept, and applied quietly as hydration ends: the dropdown's value is read before React renders it again.
 */
export function StateSelect({
  states,
  selectedSlug,
  onSelect,
  onClear,
  className,
}: {
  states: readonly StateSummary[];
  selectedSlug: string | null;
  onSelect: (name: string, how?: "focus" | "toast" | "quiet") => void;
  onClear: () => void;
  className?: string;
}) {
  const t = useT();
  const localize = useLocalizePath();
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  // What the visitor has gone to in the list and not confirmed yet, while the same state is selected.
  const [pending, setPending] = useState<{ from: string | null; slug: string } | null>(null);
  const draft = pending?.from === selectedSlug ? pending.slug : null;

  // Read once, as hydration ends, while the dropdown still shows what the visitor chose meanwhile (a layout
  // effect: before React renders it again); applied in the effect after, once the router can navigate.
  const chosenBeforeHydration = useRef<string | null | undefined>(undefined);
  useLayoutEffect(() => {
    if (chosenBeforeHydration.current !== undefined) return;
    const chosen = select.current?.value ?? "";
    chosenBeforeHydration.current = chosen && chosen !== selectedSlug ? chosen : null;
  }, [selectedSlug]);
  useEffect(() => {
    const chosen = chosenBeforeHydration.current;
    if (!chosen) return;
    chosenBeforeHydration.current = null;
    const state = states.find((candidate) => candidate.slug === chosen);
    if (state) onSelect(state.name, "quiet");
  }, [states, onSelect]);

  function confirm(how: "focus" | "toast") {
    const chosen = select.current?.value ?? "";
    if (how === "toast" && chosen === (selectedSlug ?? "")) return;
    const state = states.find((candidate) => candidate.slug === chosen);
    if (state) onSelect(state.name, how);
    else onClear();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    confirm("focus");
  }

  return (
    <form method="get" action={localize(paths.home())} className={className} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t("home.chooseState")}
      </label>
      <select
        ref={select}
        id={id}
        name="state"
        value={draft ?? selectedSlug ?? ""}
        onChange={(event) => setPending({ from: selectedSlug, slug: event.target.value })}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          confirm("focus");
        }}
        onBlur={() => draft !== null && confirm("toast")}
      >
        <option value="">{t("home.selectState")}</option>
        {states.map((state) => (
          <option key={state.id} value={state.slug}>
            {state.name}
          </option>
        ))}
      </select>{" "}
      <button type="submit">{t("home.show")}</button>
    </form>
  );
}
