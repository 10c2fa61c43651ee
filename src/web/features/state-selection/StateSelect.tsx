import { useId } from "react";
import type { StateSummary } from "../../../domain/state-summaries";

/** The state dropdown: the equivalent of the map for every visitor (placeholder 'Select a state'). */
export function StateSelect({
  states,
  selectedId,
  onSelect,
  onClear,
  className,
}: {
  states: readonly StateSummary[];
  selectedId: number | null;
  onSelect: (name: string) => void;
  onClear: () => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="visually-hidden">
        Choose a state to view its data
      </label>
      <select
        id={id}
        value={selectedId ?? ""}
        onChange={(event) => {
          const state = states.find((candidate) => String(candidate.id) === event.target.value);
          if (state) onSelect(state.name);
          else onClear();
        }}
      >
        <option value="">Select a state</option>
        {states.map((state) => (
          <option key={state.id} value={state.id}>
            {state.name}
          </option>
        ))}
      </select>
    </div>
  );
}
