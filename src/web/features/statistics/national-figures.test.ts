import { describe, expect, it } from "vitest";
import estimatesData from "../../../../data/estimates.json";
import { estimatesSchema } from "../../../domain/datasets/schemas";
import { nationalFigures } from "../../../domain/national-estimates";
import { localizePath } from "../../../i18n/languages";
import { languageCodes, loadMessages, translatorFor } from "../../i18n/runtime";
import { expectReadersText } from "../../../test/web/notes-to-writers";
import { figureCards } from "./national-figures";

const estimates = estimatesSchema.parse(estimatesData);
const figures = nationalFigures(estimates);

// The data's headline carries notes to the site's own writers ("Show both cut-offs…") and texts written for
// the explainer page (why this figure, the suggested wording): a tooltip has neither.
const explainerTexts = [estimates.headline.why, estimates.headline.suggested_wording]
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
        expectReadersText(text, `${code}: ${text}`);
        for (const sentence of explainerTexts) expect(text).not.toContain(sentence);
      }
    },
  );
});
