import { describe, expect, it } from "vitest";
import schools from "../../data/schools.json";
import states from "../../data/states.json";
import { describeSource } from "./source-titles";

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
      publisher: "signalng.com",
    });
    expect(describeSource("https://trendsnnews.com/?p=21613")).toEqual({
      title: null,
      publisher: "trendsnnews.com",
    });
  });

  it("gives every source of the datasets a readable publisher", () => {
    const urls = [
      ...states.flatMap((state) => state.sources),
      ...schools.flatMap((school) => school.sources),
    ];
    for (const url of urls) expect(describeSource(url).publisher, url).toMatch(/^[\w(]/);
  });
});
