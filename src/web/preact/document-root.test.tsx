import { createElement as h, hydrate } from "preact";
import { afterEach, describe, expect, it } from "vitest";
import { renderHtmlAsTheDocument } from "./document-root";

// Pins the Preact behaviour the entry rests on (src/web/app/entry.client.tsx): if an upgrade changes how
// Preact hydrates a document, these fail before a page loses its served HTML.

const served = "<head><title>Atlas</title></head><body><p id=served>Served</p></body>";

function page(lang: string) {
  return h(
    "html",
    { lang },
    h("head", null, h("title", null, "Atlas")),
    h("body", null, h("p", { id: "served" }, "Served")),
  );
}

afterEach(() => {
  document.documentElement.innerHTML = "<head></head><body></body>";
  document.documentElement.removeAttribute("lang");
});

describe("Preact hydrating the document", () => {
  // First, before the hook is installed: the behaviour that makes it necessary.
  it("hydrates into <html> when given the document, so a tree from <html> down nests a second one", () => {
    document.documentElement.innerHTML = served;
    hydrate(page("en"), document);
    expect(document.querySelectorAll("html html")).toHaveLength(1);
  });

  it("with the layout's <html> taken as the document's own, keeps the served nodes and sets lang", () => {
    renderHtmlAsTheDocument();
    document.documentElement.innerHTML = served;
    const paragraph = document.getElementById("served");
    hydrate(page("ha"), document);
    expect(document.querySelectorAll("html html")).toHaveLength(0);
    expect(document.getElementById("served")).toBe(paragraph);
    expect(document.body.children).toHaveLength(1);
    expect(document.documentElement.getAttribute("lang")).toBe("ha");
  });
});
