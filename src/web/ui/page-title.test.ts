import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import site from "../../../data/site.json";
import enCommon from "../../i18n/catalogues/en/common.json";
import { loadMessages, translatorFor } from "../i18n/runtime";
import { pageMeta, pageTitle, useDocumentTitle } from "./page-title";

describe("page titles", () => {
  it("are '{page} | Inclusion Atlas'", () => {
    expect(pageTitle("Log in")).toBe("Log in | Inclusion Atlas");
    expect(pageMeta("Log in", "Log in to your account.")).toEqual([
      { title: "Log in | Inclusion Atlas" },
      { name: "description", content: "Log in to your account." },
    ]);
  });

  it("default to the site's own title and description, the same English as the catalogue's", () => {
    expect(enCommon.siteTitle).toBe("Inclusion Atlas: disability inclusion data for Nigeria");
    expect(enCommon.siteDescription).toBe(site.description);
    expect(pageMeta(undefined)).toEqual([
      { title: enCommon.siteTitle },
      { name: "description", content: enCommon.siteDescription },
    ]);
    expect(pageMeta(undefined, undefined, translatorFor("/"))).toEqual(pageMeta(undefined));
  });

  it("take the defaults in the page's language from the translate function given", async () => {
    await loadMessages("ha", []);
    const t = translatorFor("/ha/about");
    const [title, description] = pageMeta(undefined, undefined, t);
    expect(title).toEqual({ title: "Inclusion Atlas: bayanai kan shigar da mutane masu nakasa a Najeriya" });
    expect(description?.content).toMatch(/^Cibiyar bayanan nakasa ta Najeriya/);
    // A page's own title keeps the format; only its description falls back to the site's.
    expect(pageMeta("Game da mu", undefined, t)[0]).toEqual({ title: "Game da mu | Inclusion Atlas" });
    expect(pageMeta("Game da mu", undefined, t)[1]).toEqual(description);
  });
});

describe("a title known once the page has loaded its data (useDocumentTitle)", () => {
  it("is written into the meta's <title> text in place, and the meta's title comes back after", () => {
    const element = document.createElement("title");
    element.textContent = "Eyewitness report | Inclusion Atlas";
    document.head.append(element);
    const text = element.firstChild;
    const { rerender, unmount } = renderHook(({ title }) => useDocumentTitle(title), {
      initialProps: { title: "Barrier report, Ikeja | Inclusion Atlas" },
    });
    // The same text node, which the renderer keeps and writes the next page's title into.
    expect(element.firstChild).toBe(text);
    expect(document.title).toBe("Barrier report, Ikeja | Inclusion Atlas");
    rerender({ title: "Report not found | Inclusion Atlas" });
    expect(document.title).toBe("Report not found | Inclusion Atlas");
    unmount();
    expect(element.firstChild).toBe(text);
    expect(document.title).toBe("Eyewitness report | Inclusion Atlas");
    element.remove();
  });
});
