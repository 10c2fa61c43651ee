import { describe, expect, it } from "vitest";
import { loader } from "./home";

type LoaderArgs = Parameters<typeof loader>[0];
const args = (url: string) =>
  ({ request: new Request(url), params: {}, context: {} }) as unknown as LoaderArgs;

describe("the home page's loader", () => {
  it("brings the page's messages and builds the figures' cards in its language", async () => {
    const data = await loader(args("http://localhost/ha"));
    expect(data.i18n.language).toBe("ha");
    expect(data.i18n.namespaces).toEqual(
      expect.arrayContaining(["home", "map", "statistics", "education", "states", "schools"]),
    );
    expect(data.cards.overview.map((card) => card.title)).toContain("Yawan makarantun haɗaka");
  });

  it("keeps English at the root", async () => {
    const data = await loader(args("http://localhost/"));
    expect(data.i18n.language).toBe("en");
    expect(data.cards.overview.map((card) => card.title)).toContain("Number of inclusive schools");
  });
});
