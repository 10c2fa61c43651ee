import { describe, expect, it } from "vitest";
import { publishedDataOf } from "../datasets";
import { loader } from "./home";

type LoaderArgs = Parameters<typeof loader>[0];
const args = (url: string) =>
  ({ request: new Request(url), params: {}, context: {} }) as unknown as LoaderArgs;

describe("the home page's loader", () => {
  it("brings the page's messages and builds the figures' cards in its language", async () => {
    const data = await loader(args("http://localhost/ha"));
    expect(data.i18n.language).toBe("ha");
    expect(Object.keys(data.i18n.catalogues)).toEqual(
      expect.arrayContaining(["home", "map", "statistics", "education", "states", "schools"]),
    );
    expect(data.cards.overview.map((card) => card.title)).toContain("Yawan makarantun haɗaka");
  });

  it("keeps English at the root", async () => {
    const data = await loader(args("http://localhost/"));
    expect(data.i18n.language).toBe("en");
    expect(data.cards.overview.map((card) => card.title)).toContain("Number of inclusive schools");
  });

  it("gives the national policy's uploaded PDF when the national record names one that exists", async () => {
    const act = {
      id: "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b",
      title: "Act",
      fileName: "act.pdf",
      bytes: 2048,
    };
    const withPolicy = async (documentId: string | undefined) => {
      const publishedData = await publishedDataOf({});
      const country = {
        ...publishedData.country,
        policy: { ...publishedData.country.policy, document_id: documentId },
      };
      const context = {
        publishedData: { ...publishedData, country },
        documents: {
          find: async (ids: readonly string[]) => [act].filter((known) => ids.includes(known.id)),
        },
      };
      const data = await loader({
        request: new Request("http://localhost/"),
        params: {},
        context,
      } as unknown as LoaderArgs);
      return data.policyDocument;
    };
    expect(await withPolicy(act.id)).toEqual(act);
    expect(await withPolicy(undefined)).toBeNull();
    expect(await withPolicy("0b7f3c1e-52d4-4c1e-9f57-0d3f0a6c9a11")).toBeNull();
  });
});
