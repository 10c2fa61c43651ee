import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { LanguageProvider } from "./language-context";
import { hasNamespaces, i18nFor, loadMessages, subscribeToMessages } from "./runtime";
import { NamespacesLoadFailed, useNamespaces } from "./use-namespaces";

function Probe({ namespaces }: { namespaces: string[] }) {
  const state = useNamespaces(namespaces);
  return state === "failed" ? <NamespacesLoadFailed /> : <p>{state}</p>;
}

function inPage(language: string, namespaces: string[]) {
  return (
    <MemoryRouter initialEntries={[`/${language}/states/25?view=all`]}>
      <LanguageProvider language={language}>
        <Probe namespaces={namespaces} />
      </LanguageProvider>
    </MemoryRouter>
  );
}

describe("useNamespaces", () => {
  it("loads namespaces the page lacks, then says they are ready", async () => {
    expect(hasNamespaces("yo", ["schools"])).toBe(false);
    render(inPage("yo", ["schools"]));
    expect(screen.getByText("loading")).toBeInTheDocument();
    expect(await screen.findByText("ready")).toBeInTheDocument();
    expect(hasNamespaces("yo", ["schools", "common"])).toBe(true);
  });

  it("is ready at once for namespaces already here, and for none", () => {
    render(inPage("en", ["states"]));
    expect(screen.getByText("ready")).toBeInTheDocument();
  });

  it("loads the address's language, and is ready only once the page speaks it (an error page without a loader)", async () => {
    let told = 0;
    const stop = subscribeToMessages(() => (told += 1));
    const { rerender } = render(
      <MemoryRouter initialEntries={["/pcm/states/99"]}>
        <LanguageProvider language="en">
          <Probe namespaces={["states"]} />
        </LanguageProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(hasNamespaces("pcm", ["common", "states"])).toBe(true));
    await waitFor(() => expect(told).toBeGreaterThan(0)); // the layout hears of it and turns the page
    expect(screen.getByText("loading")).toBeInTheDocument();
    rerender(
      <MemoryRouter initialEntries={["/pcm/states/99"]}>
        <LanguageProvider language="pcm">
          <Probe namespaces={["states"]} />
        </LanguageProvider>
      </MemoryRouter>,
    );
    expect(screen.getByText("ready")).toBeInTheDocument();
    stop();
  });

  it("says a failed load in the page's language, with a link that reloads the same address", async () => {
    await loadMessages("ig", []); // the shell's messages, which every page has (the root's loader)
    render(inPage("ig", ["no-such-namespace"]));
    const alert = await screen.findByRole("alert");
    const reload = i18nFor("ig")._("common.pageTextLoadFailed");
    expect(alert).toHaveTextContent(reload.replace(/<\/?link>/g, ""));
    expect(screen.getByRole("link")).toHaveAttribute("href", "/ig/states/25?view=all");
  });
});
