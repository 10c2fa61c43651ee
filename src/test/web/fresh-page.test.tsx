import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { hasNamespaces } from "../../web/i18n/runtime";

// The web tests' files share their workers (vitest.config.ts), and this one, like any, runs after others in
// its worker: what it finds as it starts is what fresh-page.ts gives each file, whatever ran before.
const found = {
  address: location.href,
  stored: localStorage.length + sessionStorage.length,
  htmlAttributes: document.documentElement.getAttributeNames(),
  bodyAttributes: document.body.getAttributeNames(),
  headChildren: document.head.childElementCount,
  bodyChildren: document.body.childElementCount,
  indexedDB: typeof indexedDB,
  reactRouterGlobals: Object.keys(window).filter((key) => key.startsWith("__reactRouter")),
  hausaMessages: hasNamespaces("ha", ["common"]),
};

describe("a web test file's start", () => {
  it("is an empty page at jsdom's first address, with nothing stored", () => {
    expect(found.address).toBe("http://localhost:3000/");
    expect(found.stored).toBe(0);
    expect(found.htmlAttributes).toEqual([]);
    expect(found.bodyAttributes).toEqual([]);
    expect(found.headChildren).toBe(0);
    expect(found.bodyChildren).toBe(0);
    expect(found.reactRouterGlobals).toEqual([]);
  });

  it("has no IndexedDB, as jsdom has none (a file that needs one stubs it)", () => {
    expect(found.indexedDB).toBe("undefined");
  });

  it("has the app's modules afresh: only the English messages the set-up loads", () => {
    expect(hasNamespaces("en", ["common"])).toBe(true);
    expect(found.hausaMessages).toBe(false);
  });

  it("renders where Testing Library's screen looks", () => {
    render(<p>Rendered here</p>);
    expect(screen.getByText("Rendered here")).toBeInTheDocument();
  });
});
