import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { type ReactElement, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hydrationEnded, hydrationStarts } from "../lib/hydration-state";
import { StaticPart } from "./StaticPart";

// Runs on the browser's renderer (Preact, vitest.config.ts): a served part with only text and links stays
// the served HTML while the page hydrates (its children never run), follows its router links in the app,
// and renders its children once what it shows changes.

const findingsRendered = vi.fn();

function Findings({ text }: { text: string }) {
  findingsRendered();
  return <p>{text}</p>;
}

function Page({ text }: { text: string }) {
  return (
    <main>
      <StaticPart as="section" shows={[text]} aria-label="Findings" className="findings">
        <Findings text={text} />
        <Link to="/other">Other page</Link>
        <a href="/data.csv" download>
          Download
        </a>
      </StaticPart>
    </main>
  );
}

const servedHtml =
  '<main><section aria-label="Findings" class="findings"><p>Served words</p>' +
  '<a href="/other" data-discover="true">Other page</a><a href="/data.csv" download="">Download</a></section></main>';

function routerFor(page: ReactElement) {
  return createMemoryRouter([
    { path: "/", element: page },
    { path: "/other", element: <h1>Other</h1> },
  ]);
}

function served(): HTMLDivElement {
  const container = document.createElement("div");
  container.innerHTML = servedHtml;
  document.body.append(container);
  return container;
}

/**
 * Whether each click reached the document with its default prevented (followed by the app); then prevents
 * it, since the test's document cannot load another page.
 */
function clicksFollowedByTheBrowser(): boolean[] {
  const followed: boolean[] = [];
  const listener = (event: Event) => {
    followed.push(!event.defaultPrevented);
    event.preventDefault();
  };
  document.addEventListener("click", listener);
  cleanups.push(() => document.removeEventListener("click", listener));
  return followed;
}

const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  hydrationEnded();
  document.body.innerHTML = "";
  findingsRendered.mockClear();
});

describe("StaticPart", () => {
  it("keeps the served element and its children while the page hydrates, and never runs them", async () => {
    const container = served();
    const section = container.querySelector("section");
    const paragraph = container.querySelector("p");
    hydrationStarts();

    // What the browser would render differs from what was served: the served HTML stays all the same.
    await act(async () => {
      hydrateRoot(container, <RouterProvider router={routerFor(<Page text="Served words" />)} />);
    });
    hydrationEnded();

    expect(container.innerHTML).toBe(servedHtml);
    expect(container.querySelector("section")).toBe(section);
    expect(container.querySelector("p")).toBe(paragraph);
    expect(findingsRendered).not.toHaveBeenCalled();
  });

  it("follows a router link of the served HTML in the app, and leaves a plain link to the browser", async () => {
    const container = served();
    hydrationStarts();
    const router = routerFor(<Page text="Served words" />);
    await act(async () => {
      hydrateRoot(container, <RouterProvider router={router} />);
    });
    hydrationEnded();

    const byTheBrowser = clicksFollowedByTheBrowser();
    fireEvent.click(screen.getByText("Download"));
    // With a key held, the browser opens it (a new tab): not the app's to follow.
    fireEvent.click(screen.getByText("Other page"), { ctrlKey: true });
    expect(byTheBrowser).toEqual([true, true]);
    expect(router.state.location.pathname).toBe("/");

    fireEvent.click(screen.getByText("Other page"));
    expect(byTheBrowser).toEqual([true, true, false]);
    await waitFor(() => expect(router.state.location.pathname).toBe("/other"));
    expect(await screen.findByRole("heading", { name: "Other" })).toBeTruthy();
  });

  it("renders its children once what it shows changes, and stays rendered", async () => {
    hydrationStarts();
    function Changing() {
      const [text, setText] = useState("Served words");
      return (
        <>
          <button type="button" onClick={() => setText("Another state's words")}>
            Another
          </button>
          <button type="button" onClick={() => setText("Served words")}>
            Back
          </button>
          <Page text={text} />
        </>
      );
    }
    const withButtons =
      '<button type="button">Another</button><button type="button">Back</button>' + servedHtml;
    const container = document.createElement("div");
    container.innerHTML = withButtons;
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <RouterProvider router={routerFor(<Changing />)} />);
    });
    hydrationEnded();
    expect(findingsRendered).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Another" }));
    await waitFor(() => expect(container.querySelector("p")?.textContent).toBe("Another state's words"));
    expect(container.querySelectorAll("p")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(container.querySelector("p")?.textContent).toBe("Served words"));
    expect(screen.getByRole("link", { name: "Other page" })).toBeTruthy();
  });

  it("renders its children when it appears during hydration without served HTML", async () => {
    hydrationStarts();
    render(<RouterProvider router={routerFor(<Page text="Only in the browser" />)} />);
    await waitFor(() => expect(screen.getByText("Only in the browser")).toBeTruthy());
    expect(findingsRendered).toHaveBeenCalled();
  });

  it("renders its children at once outside hydration", () => {
    render(<RouterProvider router={routerFor(<Page text="A page the app rendered" />)} />);
    expect(screen.getByText("A page the app rendered")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Other page" }).getAttribute("href")).toBe("/other");
  });

  it("calls what the children's handlers would do, for a click on the served HTML", async () => {
    const container = served();
    const onClick = vi.fn();
    hydrationStarts();
    function WithHandler() {
      return (
        <main>
          <StaticPart
            as="section"
            shows={["Served words"]}
            aria-label="Findings"
            className="findings"
            onClickWhileServed={onClick}
          >
            <Findings text="Served words" />
          </StaticPart>
        </main>
      );
    }
    await act(async () => {
      hydrateRoot(container, <RouterProvider router={routerFor(<WithHandler />)} />);
    });
    hydrationEnded();
    clicksFollowedByTheBrowser();
    fireEvent.click(screen.getByText("Download"));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
