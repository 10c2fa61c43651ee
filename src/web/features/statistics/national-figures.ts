import { formatNumber, formatPercent } from "../../../domain/format";
import type { DifficultyRates, FigureSource, NationalFigures } from "../../../domain/national-estimates";
import { translatorFor, type Translate } from "../../i18n";
import type { DoughnutSegment } from "../../ui/DoughnutChart";

/** One card of the national figures: a sourced figure with its chart, or a plain statement of a gap. */
export interface FigureCard {
  key: string;
  title: string;
  /** The figure as printed; null when no survey has published one (the card says so instead). */
  figure: string | null;
  detail: string;
  infoLabel: string;
  /** The card's explanation, in the page's language ("" when it has only content). */
  info: string;
  /** Content that exists only in English (the data's own caveat or basis), shown after `info`. */
  infoContent?: string;
  chart?: { title: string; centreLabel: string; segments: DoughnutSegment[] };
  source?: FigureSource;
}

/** English: what the page's loader passes for another language is a translator of that language. */
const english: Translate = (id, values) => translatorFor("/")(id, values);

function shareChart(t: Translate, title: string, percent: number, label: string): FigureCard["chart"] {
  return {
    title: t("statistics.chartTitle", { title }),
    centreLabel: formatPercent(percent),
    segments: [
      { label, value: percent },
      { label: t("statistics.others"), value: Math.max(100 - percent, 0) },
    ],
  };
}

/** Whose rates a card shows: women or men aged 15 and over, or people of an age group. */
type Who = { who: "women" | "men" } | { who: "age"; group: string };

function rateCard(
  t: Translate,
  key: string,
  title: string,
  infoLabel: string,
  rates: DifficultyRates,
  who: Who,
  source: FigureSource,
  info: { info: string; infoContent?: string },
): FigureCard {
  const some = rates.somePercent;
  const values = { ...who, group: "group" in who ? who.group : "" };
  return {
    key,
    title,
    figure: some === null ? null : formatPercent(some),
    detail:
      some === null
        ? t("statistics.noSurveyYet")
        : rates.aLotPercent === null
          ? t("statistics.rate.detail", values)
          : t("statistics.rate.detailALot", { ...values, aLot: formatPercent(rates.aLotPercent) }),
    infoLabel,
    ...info,
    chart: some === null ? undefined : shareChart(t, title, some, t("statistics.someDifficultyOrMore")),
    source,
  };
}

/** Overview: the headline survey's two cut-offs and the gaps. */
export function overviewCards(
  figures: NationalFigures,
  schoolCount: number,
  t: Translate = english,
): FigureCard[] {
  const { headline } = figures;
  const cards: FigureCard[] = [];
  if (headline.somePercent !== null) {
    const title = t("statistics.someDifficulty.title");
    cards.push({
      key: "some-difficulty",
      title,
      figure: formatPercent(headline.somePercent),
      detail: t("statistics.someDifficulty.detail", { age: headline.age }),
      infoLabel: t("statistics.someDifficulty.infoLabel"),
      // What a reader needs to weigh the figure; the data's caveat is a note to the site's writers.
      info: `${t("statistics.someDifficulty.info", { age: headline.age })} ${t("statistics.someDifficulty.caveat")}`,
      chart: shareChart(t, title, headline.somePercent, t("statistics.someDifficultyOrMore")),
      source: headline.source,
    });
  }
  if (headline.aLotPercent !== null) {
    const title = t("statistics.aLot.title");
    cards.push({
      key: "a-lot-of-difficulty",
      title,
      figure: formatPercent(headline.aLotPercent),
      detail: t("statistics.aLot.detail", { age: headline.age }),
      infoLabel: t("statistics.aLot.infoLabel"),
      info: t("statistics.aLot.info"),
      chart: shareChart(t, title, headline.aLotPercent, t("statistics.aLotOrCannot")),
      source: headline.source,
    });
  }
  cards.push(
    {
      key: "employment",
      title: t("statistics.employment.title"),
      figure: null,
      detail: t("statistics.noSurveyYet"),
      infoLabel: t("statistics.employment.infoLabel"),
      info: t("statistics.employment.info"),
    },
    {
      key: "inclusive-schools",
      title: t("statistics.schools.title"),
      figure: formatNumber(schoolCount),
      detail: t("statistics.schools.detail", { count: schoolCount }),
      infoLabel: t("statistics.schools.infoLabel"),
      info: t("statistics.schools.info"),
    },
  );
  return cards;
}

/** Gender: rates by sex where a source gives them, and the gap for counts. */
export function genderCards(figures: NationalFigures, t: Translate = english): FigureCard[] {
  const cards: FigureCard[] = [];
  const sex = figures.bySex;
  if (sex) {
    // The basis is the data's own words (content, in English).
    const info = { info: "", infoContent: `${sex.basis.charAt(0).toUpperCase()}${sex.basis.slice(1)}.` };
    cards.push(
      rateCard(
        t,
        "women",
        t("statistics.women.title"),
        t("statistics.women.infoLabel"),
        sex.female,
        { who: "women" },
        sex.source,
        info,
      ),
      rateCard(
        t,
        "men",
        t("statistics.men.title"),
        t("statistics.men.infoLabel"),
        sex.male,
        { who: "men" },
        sex.source,
        info,
      ),
    );
  }
  cards.push({
    key: "sex-split",
    title: t("statistics.sexSplit.title"),
    figure: null,
    detail: t("statistics.noSurveyYet"),
    infoLabel: t("statistics.sexSplit.infoLabel"),
    info: t("statistics.sexSplit.info"),
  });
  return cards;
}

/** "5 and older" (the data's words) → "5 and over" in the page's language; any other band as the data has it. */
function ageGroup(band: string, t: Translate): string {
  const older = /^(\d+) and older$/.exec(band);
  return older ? t("statistics.andOver", { age: older[1] }) : band;
}

/** Age: the two age groups the survey's publications give, and the gap for age bands. */
export function ageCards(figures: NationalFigures, t: Translate = english): FigureCard[] {
  const cards: FigureCard[] = [];
  const age = figures.byAge;
  if (age) {
    for (const band of age.bands) {
      const group = ageGroup(band.band, t);
      cards.push(
        rateCard(
          t,
          `age-${band.band}`,
          t("statistics.aged.title", { group }),
          t("statistics.aged.infoLabel", { group }),
          band,
          { who: "age", group },
          age.source,
          { info: t("statistics.ageCaveat") },
        ),
      );
    }
  }
  cards.push({
    key: "age-bands",
    title: t("statistics.ageBands.title"),
    figure: null,
    detail: t("statistics.noSurveyYet"),
    infoLabel: t("statistics.ageBands.infoLabel"),
    info: t("statistics.ageBands.info"),
  });
  return cards;
}

export interface FigureCards {
  overview: FigureCard[];
  gender: FigureCard[];
  age: FigureCard[];
}

/**
 * Every panel's cards in the page's language (`t`, English by default); built at build time (the home
 * page's loader), so none of this ships as JavaScript.
 */
export function figureCards(
  figures: NationalFigures,
  schoolCount: number,
  t: Translate = english,
): FigureCards {
  return {
    overview: overviewCards(figures, schoolCount, t),
    gender: genderCards(figures, t),
    age: ageCards(figures, t),
  };
}
