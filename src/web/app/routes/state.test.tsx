import { describe, expect, it } from "vitest";
import type { Route } from "./+types/state";
import { loader, meta } from "./state";

/** The description search engines and link previews show for /states/{id}. */
async function description(stateId: string): Promise<string> {
  const request = new Request(`http://localhost/states/${stateId}`);
  const data = await loader({ params: { stateId }, request, context: {} } as unknown as Route.LoaderArgs);
  const location = { pathname: `/states/${stateId}` };
  const tags = meta({ data, location } as unknown as Route.MetaArgs);
  const tag = tags.find((entry) => "name" in entry && entry.name === "description");
  return tag && "content" in tag ? String(tag.content) : "";
}

describe("state page meta description", () => {
  it("speaks of the law's status in the site's words, never the data's raw status", async () => {
    // Adamawa's status in the data is "Passed/awaiting Gov assent".
    expect(await description("2")).toMatch(
      /^Adamawa: disability law Passed, awaiting the Governor's assent;/,
    );
    expect(await description("2")).not.toContain("Gov assent");
    expect(await description("25")).toMatch(/^Lagos: disability law Passed \(2011\);/);
    expect(await description("6")).toMatch(/^Bayelsa: disability law Pending \/ no law;/);
  });
});
