import { describe, expect, it } from "vitest";
import schools from "../../data/schools.json";
import states from "../../data/states.json";
import { describeSource, sourceName } from "./source-titles";

describe("describeSource", () => {
  it("names the publisher and takes the article's title from its address", () => {
    expect(
      describeSource("https://www.newtelegraphng.com/abia-assembly-passes-disability-commission-bill/"),
    ).toEqual({
      title: "Abia assembly passes disability commission bill",
      publisher: "New Telegraph",
    });
  });

  it("skips trailing parts that are not words (amp pages, ids)", () => {
    expect(
      describeSource(
        "https://www.signalng.com/abia-disability-community-congratulates-gov-otti-on-2nd-anniversary/amp",
      ),
    ).toEqual({
      title: "Abia disability community congratulates gov otti on 2nd anniversary",
      publisher: "Signalng",
    });
    expect(describeSource("https://trendsnnews.com/?p=21613")).toEqual({
      title: null,
      publisher: "Trendsnnews",
    });
  });

  it("leaves a leading article number out of the title, and keeps a leading year", () => {
    expect(
      describeSource(
        "https://www.premiumtimesng.com/regional/nwest/566891-ganduje-signs-bill-amending-persons-with-disabilities-law.html",
      ).title,
    ).toBe("Ganduje signs bill amending persons with disabilities law");
    expect(describeSource("https://example.org/2024-budget-for-disability-inclusion").title).toBe(
      "2024 budget for disability inclusion",
    );
  });

  it("names a site it does not know by its own name, never its bare domain", () => {
    expect(describeSource("https://newdailyprime.news/?p=96775").publisher).toBe("New Daily Prime");
    expect(describeSource("https://bpwd.osunstate.gov.ng").publisher).toBe("Osunstate");
    expect(describeSource("https://www.nkpwd.org").publisher).toBe("NKPWD");
    expect(describeSource("https://www.katsinamirror.ng/?p=13349").publisher).toBe("Katsinamirror");
    expect(describeSource("https://reportsobserver.blogspot.com/search").publisher).toBe("Reportsobserver");
    expect(describeSource("https://www.thepost-ng.com/x").publisher).toBe("Thepost NG");
  });

  // Every source of every state page and school page, as their loaders describe them (describeSources).
  it("reads every source of every state and school page as a title or a publisher, never a bare domain", () => {
    const urls = [
      ...states.flatMap((state) => state.sources),
      ...schools.flatMap((school) => school.sources),
    ];
    expect(urls.length).toBeGreaterThan(400);
    for (const url of urls) {
      const { title, publisher } = describeSource(url);
      expect(publisher, url).toMatch(/^[\w(]/);
      expect(publisher, url).not.toMatch(/^[\w-]+(\.[\w-]+)+$/);
      expect(`${title ?? ""} ${publisher}`, url).not.toContain(new URL(url).hostname.replace(/^www\./, ""));
    }
  });
});

describe("sourceName", () => {
  it("says title (publisher), never a publisher twice, and what it has when one is missing", () => {
    expect(sourceName("Kano State Gazette", "Kano State Government")).toBe(
      "Kano State Gazette (Kano State Government)",
    );
    expect(sourceName("Punch", "Punch")).toBe("Punch");
    expect(sourceName(null, "Vanguard")).toBe("Vanguard");
    expect(sourceName("A report", "")).toBe("A report");
    expect(sourceName(null, null)).toBeNull();
  });
});
