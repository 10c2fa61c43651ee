import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { LanguageProvider } from "./language-context";
import { hasNamespaces, i18nFor, loadMessages } from "./runtime";
import { NamespacesLoadFailed, useNamespaces } from "./use-namespaces";

function Probe({ namespaces, turnsPage }: { namespaces: string[]; turnsPage?: boolean }) {
  const state = useNamespaces(namespaces, { turnsPage });
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

  it("loads the address's language, and an error page asks the layout to turn the page to it", async () => {
    const messagesArrived = vi.fn();
    const page = (language: string, turnsPage: boolean) => (
      <MemoryRouter initialEntries={["/pcm/states/99"]}>
        <LanguageProvider language={language} messagesArrived={messagesArrived}>
          <Probe namespaces={["states"]} turnsPage={turnsPage} />
        </LanguageProvider>
      </MemoryRouter>
    );
    const { rerender } = render(page("en", true));
    await waitFor(() => expect(messagesArrived).toHaveBeenCalled());
    expect(hasNamespaces("pcm", ["common", "states"])).toBe(true);
    // Still the shell's English: the part waits for the page to speak Pidgin.
    expect(screen.getByText("loading")).toBeInTheDocument();
    rerender(page("pcm", true));
    expect(screen.getByText("ready")).toBeInTheDocument();
  });

  it("never asks the layout for another look unless the part is an error page", async () => {
    const messagesArrived = vi.fn();
    render(
      <MemoryRouter initialEntries={["/ha/dashboard"]}>
        <LanguageProvider language="en" messagesArrived={messagesArrived}>
          <Probe namespaces={["report"]} />
        </LanguageProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(hasNamespaces("ha", ["common", "report"])).toBe(true));
    expect(screen.getByText("loading")).toBeInTheDocument();
    expect(messagesArrived).not.toHaveBeenCalled();
  });

  it("says a failed load in the page's language, with a link that reloads the same address", async () => {
    await loadMessages("ig", []); // the shell's messages, which every page has (the root's loader)
    render(inPage("ig", ["no-such-namespace"]));
    const alert = await screen.findByRole("alert");
    const reload = i18nFor("ig")._("common.pageTextLoadFailed");
    expect(alert).toHaveTextContent(reload.replace(/<\/?link>/g, ""));
    expect(screen.getByRole("link")).toHaveAttribute("href", "/ig/states/25?view=all");
  });

  it("is a plain paragraph, not a second live region, inside a region that announces it already", async () => {
    await loadMessages("ig", []);
    render(
      <MemoryRouter initialEntries={["/ig/report"]}>
        <LanguageProvider language="ig">
          <div role="status">
            <NamespacesLoadFailed announced />
          </div>
        </LanguageProvider>
      </MemoryRouter>,
    );
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent(
      i18nFor("ig")
        ._("common.pageTextLoadFailed")
        .replace(/<\/?link>/g, ""),
    );
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
