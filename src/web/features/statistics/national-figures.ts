import { formatNumber, formatPercent } from "../../../domain/format";
import type { DifficultyRates, FigureSource, NationalFigures } from "../../../domain/national-estimates";
import type { DoughnutSegment } from "../../ui/DoughnutChart";

/** One card of the national figures: a sourced figure with its chart, or a plain statement of a gap. */
export interface FigureCard {
  key: string;
  title: string;
  /** The figure as printed; null when no survey has published one (the card says so instead). */
  figure: string | null;
  detail: string;
  infoLabel: string;
  info: string;
  chart?: { title: string; centreLabel: string; segments: DoughnutSegment[] };
  source?: FigureSource;
}

export const NO_SURVEY_YET = "No national survey has published this yet.";

function shareChart(title: string, percent: number, label: string): FigureCard["chart"] {
  return {
    title,
    centreLabel: formatPercent(percent),
    segments: [
      { label, value: percent },
      { label: "Others", value: Math.max(100 - percent, 0) },
    ],
  };
}

function rateCard(
  key: string,
  title: string,
  rates: DifficultyRates,
  who: string,
  source: FigureSource,
  info: string,
): FigureCard {
  const some = rates.somePercent;
  return {
    key,
    title,
    figure: some === null ? null : formatPercent(some),
    detail:
      some === null
        ? NO_SURVEY_YET
        : `of ${who} have some difficulty in at least one basic activity` +
          (rates.aLotPercent === null
            ? "."
            : `; ${formatPercent(rates.aLotPercent)} a lot of difficulty or cannot do it.`),
    infoLabel: `About ${title.toLowerCase()}`,
    info,
    chart: some === null ? undefined : shareChart(`${title} chart`, some, "Some difficulty or more"),
    source,
  };
}

/** Overview: the headline survey's two cut-offs and the gaps. */
export function overviewCards(figures: NationalFigures, schoolCount: number): FigureCard[] {
  const { headline } = figures;
  const cards: FigureCard[] = [];
  if (headline.somePercent !== null) {
    cards.push({
      key: "some-difficulty",
      title: "Some difficulty",
      figure: formatPercent(headline.somePercent),
      detail: `of household members aged ${headline.age} have some difficulty seeing, hearing, communicating, remembering, walking or with self-care.`,
      infoLabel: "About some difficulty",
      info: `The survey asked about every household member aged ${headline.age}. ${headline.caveat}`,
      chart: shareChart("Some difficulty chart", headline.somePercent, "Some difficulty or more"),
      source: headline.source,
    });
  }
  if (headline.aLotPercent !== null) {
    cards.push({
      key: "a-lot-of-difficulty",
      title: "A lot of difficulty",
      figure: formatPercent(headline.aLotPercent),
      detail: `of household members aged ${headline.age} have a lot of difficulty or cannot do at least one of those activities at all.`,
      infoLabel: "About a lot of difficulty",
      info: "The Washington Group's recommended cut-off for counting a person as having a disability.",
      chart: shareChart("A lot of difficulty chart", headline.aLotPercent, "A lot of difficulty or cannot"),
      source: headline.source,
    });
  }
  cards.push(
    {
      key: "employment",
      title: "Employment",
      figure: null,
      detail: NO_SURVEY_YET,
      infoLabel: "About employment",
      info: "We found no published employment rate for persons with disabilities in Nigeria, so we show none.",
    },
    {
      key: "inclusive-schools",
      title: "Number of inclusive schools",
      figure: formatNumber(schoolCount),
      detail:
        schoolCount === 1 ? "inclusive or special school listed" : "inclusive and special schools listed",
      infoLabel: "About the number of inclusive schools",
      info: "The total number of inclusive and special schools covered by this platform's schools directory. It is not a count of every such school in Nigeria.",
    },
  );
  return cards;
}

/** Gender: rates by sex where a source gives them, and the gap for counts. */
export function genderCards(figures: NationalFigures): FigureCard[] {
  const cards: FigureCard[] = [];
  const sex = figures.bySex;
  if (sex) {
    const info = `${sex.basis.charAt(0).toUpperCase()}${sex.basis.slice(1)}.`;
    cards.push(
      rateCard("women", "Women aged 15 and over", sex.female, "women aged 15 and over", sex.source, info),
      rateCard("men", "Men aged 15 and over", sex.male, "men aged 15 and over", sex.source, info),
    );
  }
  cards.push({
    key: "sex-split",
    title: "Persons with disabilities by sex",
    figure: null,
    detail: NO_SURVEY_YET,
    infoLabel: "About persons with disabilities by sex",
    info: "No source gives the number or share of persons with disabilities who are women or men; only rates within each sex.",
  });
  return cards;
}

/** Age: the two age groups the survey's publications give, and the gap for age bands. */
export function ageCards(figures: NationalFigures): FigureCard[] {
  const cards: FigureCard[] = [];
  const age = figures.byAge;
  if (age) {
    for (const band of age.bands) {
      const group = band.band.replace(/ and older$/, " and over");
      cards.push(
        rateCard(`age-${band.band}`, `Aged ${group}`, band, `people aged ${group}`, age.source, age.caveat),
      );
    }
  }
  cards.push({
    key: "age-bands",
    title: "Age bands",
    figure: null,
    detail: NO_SURVEY_YET,
    infoLabel: "About age bands",
    info: "No source gives persons with disabilities by age band (such as 0-14, 15-29, 30-44).",
  });
  return cards;
}

export interface FigureCards {
  overview: FigureCard[];
  gender: FigureCard[];
  age: FigureCard[];
}

/** Every panel's cards; built at build time (the home page's loader), so none of this ships as JavaScript. */
export function figureCards(figures: NationalFigures, schoolCount: number): FigureCards {
  return {
    overview: overviewCards(figures, schoolCount),
    gender: genderCards(figures),
    age: ageCards(figures),
  };
}
