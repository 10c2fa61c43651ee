import { useCallback } from "react";
import { type LawStatusKey, lawStatusPhrase } from "../../domain/law-status";
import { useT } from "./language-context";
import type { Translate } from "./runtime";

// A state's law status in the page's language: "Passed (2022)", "Second reading", … The domain decides what
// the phrase says (lawStatusPhrase); the "common" catalogue words it, once for the map, the state pages, the
// comparison and the filters (every page may show a status, so the words are in the shell's namespace).

/** The category's name alone, as the legend, the filters and the table name it. */
export function lawStatusLabelText(t: Translate, key: LawStatusKey): string {
  return t(`common.lawStatus.${key}`);
}

/** The status in one phrase, with the year of a passed law unless `besideTitle` already carries it. */
export function lawStatusWords(
  t: Translate,
  status: string,
  year: number | null,
  options: { besideTitle?: string } = {},
): string {
  const phrase = lawStatusPhrase(status, year, options);
  return phrase.year === null
    ? lawStatusLabelText(t, phrase.key)
    : t("common.lawStatus.passedIn", { year: String(phrase.year) });
}

/** `lawStatusWords` for components: `const lawStatus = useLawStatusText(); lawStatus("Passed", 2022)`. */
export function useLawStatusText(): (
  status: string,
  year: number | null,
  options?: { besideTitle?: string },
) => string {
  const t = useT();
  return useCallback(
    (status: string, year: number | null, options?: { besideTitle?: string }) =>
      lawStatusWords(t, status, year, options),
    [t],
  );
}
