import { describe, expect, it } from "vitest";
import { publicUrlFromEnv } from "./public-url";

describe("publicUrlFromEnv", () => {
  it("defaults to localhost on the port", () => {
    expect(publicUrlFromEnv({})).toBe("http://localhost:3000");
    expect(publicUrlFromEnv({ PORT: "3100" })).toBe("http://localhost:3100");
    expect(publicUrlFromEnv({ PUBLIC_URL: "  ", PORT: "8080" })).toBe("http://localhost:8080");
  });

  it("takes PUBLIC_URL without its trailing slashes", () => {
    expect(publicUrlFromEnv({ PUBLIC_URL: "https://atlas.example.ng/", PORT: "3100" })).toBe(
      "https://atlas.example.ng",
    );
    expect(publicUrlFromEnv({ PUBLIC_URL: "https://example.ng/atlas//" })).toBe("https://example.ng/atlas");
  });

  it("refuses an address that is not http(s), naming the variable", () => {
    expect(() => publicUrlFromEnv({ PUBLIC_URL: "atlas.example.ng" })).toThrow(/PUBLIC_URL/);
    expect(() => publicUrlFromEnv({ PUBLIC_URL: "ftp://atlas.example.ng" })).toThrow(/PUBLIC_URL/);
  });
});
