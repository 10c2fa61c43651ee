import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { markRootHydrated } from "../lib/hydration-mark";
import { hydrationEnded, hydrationStarts } from "../lib/hydration-state";
import { LaterPart } from "./LaterPart";

// Runs on the browser's renderer (Preact, vitest.config.ts): pins what the home page's hydration in several
// tasks rests on. A part waiting for its turn keeps the served element (the same node, no handler yet); it
// hydrates after a yield to the event loop; what its page changed meanwhile is written once it has.

function Counter({ title }: { title: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" title={title} onClick={() => setCount(count + 1)}>
      {`Count ${count}`}
    </button>
  );
}

function Page({ name, title = "served" }: { name: string; title?: string }) {
  return (
    <main>
      <h2>Shell</h2>
      <LaterPart name={name}>
        <Counter title={title} />
      </LaterPart>
    </main>
  );
}

const servedHtml = '<main><h2>Shell</h2><button type="button" title="served">Count 0</button></main>';

function macrotask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

afterEach(() => {
  hydrationEnded();
  document.body.innerHTML = "";
});

describe("LaterPart", () => {
  it("keeps the served element while the page hydrates, and hydrates it in a later task", async () => {
    const container = document.createElement("div");
    container.innerHTML = servedHtml;
    document.body.append(container);
    const served = container.querySelector("button");
    hydrationStarts();

    hydrateRoot(container, <Page name="counter" />);
    expect(container.innerHTML).toBe(servedHtml);
    fireEvent.click(screen.getByRole("button"));
    await Promise.resolve();
    expect(screen.getByRole("button").textContent).toBe("Count 0");

    await act(macrotask);
    fireEvent.click(screen.getByRole("button"));
    await waitFor(() => expect(screen.getByRole("button").textContent).toBe("Count 1"));
    expect(screen.getByRole("button")).toBe(served);
  });

  it("writes what its page changed while it waited for its turn", async () => {
    const container = document.createElement("div");
    container.innerHTML = servedHtml;
    document.body.append(container);
    const served = container.querySelector("button");
    hydrationStarts();

    const root = hydrateRoot(container, <Page name="titled" />);
    act(() => root.render(<Page name="titled" title="chosen before hydration" />));
    expect(screen.getByRole("button").getAttribute("title")).toBe("served");

    await act(macrotask);
    await waitFor(() =>
      expect(screen.getByRole("button").getAttribute("title")).toBe("chosen before hydration"),
    );
    expect(screen.getByRole("button")).toBe(served);
  });

  it("renders at once when the page is not hydrating", () => {
    render(<Page name="rendered" />);
    fireEvent.click(screen.getByRole("button"));
    expect(screen.getByRole("button").textContent).toBe("Count 1");
  });

  // Last: it marks the page's root hydrated, which stays so for the rest of this file.
  it("stops the page waiting for a part unmounted before its turn", async () => {
    const container = document.createElement("div");
    container.innerHTML = servedHtml;
    document.body.append(container);
    hydrationStarts();

    const root = hydrateRoot(container, <Page name="left-early" />);
    markRootHydrated();
    expect(document.documentElement.dataset.hydrated).toBe("root");
    act(() =>
      root.render(
        <main>
          <h2>Elsewhere</h2>
        </main>,
      ),
    );

    await waitFor(() => expect(document.documentElement.dataset.hydrated).toBe("true"));
    await act(macrotask);
    expect(document.documentElement.dataset.hydrated).toBe("true");
  });
});
