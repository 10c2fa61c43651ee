import { describe, expect, it } from "vitest";
import estimatesData from "../../../../data/estimates.json";
import { estimatesSchema } from "../../../domain/datasets/schemas";
import { nationalFigures } from "../../../domain/national-estimates";
import { localizePath } from "../../../i18n/languages";
import { languageCodes, loadMessages, translatorFor } from "../../i18n/runtime";
import { figureCards } from "./national-figures";

const estimates = estimatesSchema.parse(estimatesData);
const figures = nationalFigures(estimates);

// The data's headline carries notes to the site's own writers ("Show both cut-offs…"): never a reader's text.
const notesToWriters = [
  estimates.headline.caveats,
  estimates.headline.why,
  estimates.headline.suggested_wording,
]
  .flatMap((note) => note.split(/(?<=\.)\s+/))
  .filter((sentence) => sentence.length > 20);

describe("every info tooltip of the national figures", () => {
  it.each(languageCodes)(
    "tells a reader about the figure, in %s, with no note to the site's writers",
    async (code) => {
      await loadMessages(code, ["statistics"]);
      const cards = figureCards(figures, 249, translatorFor(localizePath("/", code)));
      const tooltips = [...cards.overview, ...cards.gender, ...cards.age].map((card) =>
        `${card.info} ${card.infoContent ?? ""}`.trim(),
      );
      expect(tooltips.length).toBeGreaterThan(5);
      for (const text of tooltips) {
        expect(text).not.toBe("");
        expect(text).not.toMatch(/\bstatistics\.\w/);
        // Instructions to writers are imperatives: "Show…", "Do not…", "Name…".
        expect(text).not.toMatch(/(^|\.\s+)(Show|Do not|Don't|Name|Label|Use)\b/);
        for (const sentence of notesToWriters) expect(text).not.toContain(sentence);
      }
    },
  );
});
