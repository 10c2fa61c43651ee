import { describe, expect, it } from "vitest";
import { plainNumberFormat } from "./plain-number-format";

describe("plainNumberFormat", () => {
  it("writes what Intl's formatter with its default options writes in each of the site's languages", () => {
    const values = [0, -0, 1, -1, 7, 999, 1000, 1234, -1234, 26910000, 2 ** 53 - 1, -(2 ** 53) + 1];
    values.push(-1234.56789, 0.0004, 1.0005, 2 ** 53, 1e21, Infinity, -Infinity, NaN);
    for (let index = 1; index < 3000; index++)
      values.push(index, index ** 3, -(index ** 2), index * 7.123457);
    for (const language of ["en", "ha", "yo", "ig", "pcm"]) {
      // As Lingui asks for it: the page's language, then English.
      const intl = new Intl.NumberFormat([language, "en"]);
      for (const value of values) {
        expect(plainNumberFormat.format(value), `${language} ${value}`).toBe(intl.format(value));
      }
    }
  });
});
