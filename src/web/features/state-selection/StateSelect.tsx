import { type FormEvent, useEffect, useId, useLayoutEffect, useRef } from "react";
import { paths } from "../../../domain/routes";
import type { StateSummary } from "../../../domain/state-summaries";
import { useLocalizePath, useT } from "../../i18n/language-context";

/**
 * The state dropdown: the equivalent of the map for every visitor (placeholder 'Select a state').
 *
 * It is a plain form submitting `/?state=<slug>`, so it works before the page's JavaScript has run (a slow
 * phone can take seconds to hydrate). Once hydrated, a choice applies at once; and a choice made before
 * hydration is kept: the dropdown's value is read as hydration ends, before React renders it again.
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
  onSelect: (name: string) => void;
  onClear: () => void;
  className?: string;
}) {
  const t = useT();
  const localize = useLocalizePath();
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);

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
    if (state) onSelect(state.name);
  }, [states, onSelect]);

  function choose(value: string) {
    const state = states.find((candidate) => candidate.slug === value);
    if (state) onSelect(state.name);
    else onClear();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    choose(select.current?.value ?? "");
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
        value={selectedSlug ?? ""}
        onChange={(event) => choose(event.target.value)}
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
