import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hydrationEnded, hydrationStarts } from "../lib/hydration-state";
import { useOnceHydrated } from "./useHydrated";

// Runs on the browser's renderer (Preact, vitest.config.ts).

const rendered = vi.fn();

function Selected({ param }: { param: string | null }) {
  const shown = useOnceHydrated(param, null);
  rendered();
  return <p>{shown ?? "No state"}</p>;
}

afterEach(() => {
  hydrationEnded();
  rendered.mockClear();
});

describe("useOnceHydrated", () => {
  it("gives the value while hydrating as the server rendered it, then the page's own", async () => {
    hydrationStarts();
    render(<Selected param="kano" />);
    expect(screen.getByText("No state")).toBeInTheDocument();
    await act(async () => hydrationEnded());
    expect(screen.getByText("kano")).toBeInTheDocument();
  });

  it("does not render a component again as hydration ends when its value is the same either way", async () => {
    hydrationStarts();
    render(<Selected param={null} />);
    // Rendered, and its effects run (which check the snapshot once more).
    await act(async () => {});
    const renders = rendered.mock.calls.length;
    await act(async () => hydrationEnded());
    expect(rendered).toHaveBeenCalledTimes(renders);
    expect(screen.getByText("No state")).toBeInTheDocument();
  });
});
