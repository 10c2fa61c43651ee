import type { Country } from "../../../domain/datasets/schemas";
import { formatNumber, formatPercent } from "../../../domain/format";
import type { DoughnutSegment } from "../../ui/DoughnutChart";

/** One figure card: the heading, the figure, what it means, and the chart of its share. */
export interface FigureCard {
  key: string;
  title: string;
  figure: string;
  detail: string;
  infoLabel: string;
  info: string;
  chart?: { title: string; centreLabel: string; segments: DoughnutSegment[] };
}

/** The source a dataset gives for a figure, found by a word of its `figure` field. */
function sourceOf(country: Country, figureWord: string): string | undefined {
  return country.sources.find((entry) => entry.figure.includes(figureWord))?.source;
}

function withSource(text: string, source: string | undefined): string {
  return source ? `${text} Source: ${source}.` : text;
}

export function disabilityPopulationCard(country: Country): FigureCard {
  const { total, withDisability, withoutDisability } = country.population;
  const share = formatPercent(country.statistics.disabilityShare);
  const otherEstimates = sourceOf(country, "other");
  const info =
    withSource(
      `An estimate: ${share} of ${country.name}'s population of ${formatNumber(total)}.`,
      sourceOf(country, "prevalence"),
    ) + (otherEstimates ? ` Other estimates: ${otherEstimates}.` : "");
  return {
    key: "disability-population",
    title: "Disability population",
    figure: share,
    detail: `${formatNumber(withDisability)} of ${formatNumber(total)} people`,
    infoLabel: "About disability population",
    info,
    chart: {
      title: "Disability population chart",
      centreLabel: share,
      segments: [
        { label: "Persons with disabilities", value: withDisability },
        { label: "Persons without disabilities", value: withoutDisability },
      ],
    },
  };
}

export function employmentPopulationCard(country: Country): FigureCard {
  const { withDisability } = country.population;
  const employed = country.statistics.employmentDistribution.employed.totalEmployed;
  const share = formatPercent(country.statistics.employedShare);
  return {
    key: "employment-population",
    title: "Employment population",
    figure: share,
    detail: `${formatNumber(employed)} persons with disabilities employed`,
    infoLabel: "About employment population",
    info: withSource(
      `The share of persons with disabilities in ${country.name} who are employed: ${formatNumber(employed)} of ${formatNumber(withDisability)}.`,
      sourceOf(country, "employment"),
    ),
    chart: {
      title: "Employment population chart",
      centreLabel: share,
      segments: [
        { label: "Employed", value: employed },
        { label: "Not employed", value: withDisability - employed },
      ],
    },
  };
}

export function inclusiveSchoolsCard(country: Country, schoolCount: number): FigureCard {
  return {
    key: "inclusive-schools",
    title: "Number of inclusive schools",
    figure: formatNumber(schoolCount),
    detail: schoolCount === 1 ? "inclusive or special school listed" : "inclusive and special schools listed",
    infoLabel: "About the number of inclusive schools",
    info: `The total number of inclusive and special schools covered by this platform's schools directory. It is not a count of every such school in ${country.name}.`,
  };
}

export function genderCards(country: Country): FigureCard[] {
  const { total, share } = country.statistics.gender_distribution;
  const source = sourceOf(country, "gender");
  const everyone = formatNumber(country.population.withDisability);
  const sexes = [
    { key: "male", title: "Male", people: "men and boys", count: total.male, share: share.male },
    { key: "female", title: "Female", people: "women and girls", count: total.female, share: share.female },
  ];
  return sexes.map((sex) => {
    const other = sexes.find((entry) => entry.key !== sex.key);
    return {
      key: sex.key,
      title: sex.title,
      figure: formatPercent(sex.share),
      detail: `${formatNumber(sex.count)} persons with disabilities`,
      infoLabel: `About the ${sex.key} share`,
      info: withSource(
        `Of the ${everyone} persons with disabilities in ${country.name}, ${formatNumber(sex.count)} are ${sex.people}.`,
        source,
      ),
      chart: {
        title: `${sex.title} share chart`,
        centreLabel: formatPercent(sex.share),
        segments: [
          { label: sex.title, value: sex.count },
          ...(other ? [{ label: other.title, value: other.count }] : []),
        ],
      },
    };
  });
}

export function ageCards(country: Country): FigureCard[] {
  const { withDisability } = country.population;
  const source = sourceOf(country, "age");
  return country.statistics.ageBands.map((band) => ({
    key: band.band,
    title: `Age ${band.band}`,
    figure: formatPercent(band.share),
    detail: `${formatNumber(band.count)} persons with disabilities`,
    infoLabel: `About age ${band.band}`,
    info: withSource(
      `Of the ${formatNumber(withDisability)} persons with disabilities in ${country.name}, ${formatNumber(band.count)} are aged ${band.band}.`,
      source,
    ),
    chart: {
      title: `Age ${band.band} share chart`,
      centreLabel: formatPercent(band.share),
      segments: [
        { label: `Age ${band.band}`, value: band.count },
        { label: "Other ages", value: Math.max(withDisability - band.count, 0) },
      ],
    },
  }));
}
