import { expect, test } from "./support/fixtures";

// A link to a state's page shared on WhatsApp or elsewhere shows its social card: the server, from its
// build, names a 1200 × 630 PNG in each language's page, with its text alternative in that language.

const languages = ["", "/ha", "/yo", "/ig", "/pcm"];

test("every language's state page names its social card, which the server draws as a 1200 × 630 PNG", async ({
  request,
}) => {
  const alts = new Set<string>();
  for (const prefix of languages) {
    const page = await request.get(`${prefix}/states/20`);
    expect(page.status()).toBe(200);
    const html = await page.text();
    const meta = (key: string) =>
      new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? "";
    const image = meta("og:image");
    expect(image, prefix).toMatch(new RegExp(`${prefix}/social/states/20\\.png\\?v=[0-9a-z]+$`));
    expect(meta("og:image:width")).toBe("1200");
    expect(meta("og:image:height")).toBe("630");
    expect(meta("twitter:card")).toBe("summary_large_image");
    expect(meta("og:image:alt"), prefix).toContain("Kano");
    alts.add(meta("og:image:alt"));

    const card = await request.get(new URL(image).pathname + new URL(image).search);
    expect(card.status(), prefix).toBe(200);
    expect(card.headers()["content-type"]).toBe("image/png");
    const bytes = await card.body();
    // The PNG signature, then the IHDR chunk's width and height.
    expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], prefix).toEqual([1200, 630]);
  }
  expect(alts.size).toBe(languages.length);
});
