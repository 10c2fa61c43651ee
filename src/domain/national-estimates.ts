import type { Estimate, Estimates } from "./datasets/schemas";

// The home page's national figures, taken from data/estimates.json at build time: the headline survey's
// two cut-offs, the range of other published shares, and only the breakdowns a source gives. Nothing here
// is computed from a share and a population (the data never does; see its `fields.persons`).

export interface FigureSource {
  /** Who published it and what, e.g. "National Population Commission (NPC) Nigeria and ICF …". */
  publisher: string;
  title: string;
  year: number | null;
  url: string | null;
}

export interface DifficultyRates {
  /** Some difficulty or more in at least one domain. */
  somePercent: number | null;
  /** A lot of difficulty or cannot do at all (the Washington Group's disability cut-off). */
  aLotPercent: number | null;
}

export interface NationalFigures {
  asOf: string;
  headline: DifficultyRates & { age: string; source: FigureSource; caveat: string };
  /**
   * The lowest and highest share other sources publish for the whole population: the estimate's id (the
   * web app names the ones it knows in the page's language) and its label as the data gives it.
   */
  range: { low: RangeEnd; high: RangeEnd } | null;
  bySex: { basis: string; female: DifficultyRates; male: DifficultyRates; source: FigureSource } | null;
  byAge: { bands: (DifficultyRates & { band: string })[]; source: FigureSource } | null;
}

export interface RangeEnd {
  id: string;
  percent: number;
  label: string;
}

function sourceOf(estimate: Estimate): FigureSource {
  return { publisher: estimate.publisher, title: estimate.title, year: estimate.year, url: estimate.url };
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function percent(value: unknown): number | null {
  return typeof value === "number" ? value : null;
}

function rates(value: unknown): DifficultyRates {
  const entry = record(value);
  return {
    somePercent: percent(entry?.some_difficulty_percent),
    aLotPercent: percent(entry?.a_lot_or_cannot_percent),
  };
}

export function nationalFigures(data: Estimates): NationalFigures {
  const headline = data.estimates.find((estimate) => estimate.id === data.headline.estimate_id);
  if (!headline) throw new Error(`estimates.json: no estimate ${data.headline.estimate_id} for the headline`);
  const some = headline.thresholds?.find((entry) => /^some/i.test(entry.threshold));
  const aLot = headline.thresholds?.find((entry) => /a lot/i.test(entry.threshold));

  const others = data.estimates.filter(
    (estimate) =>
      estimate.id !== headline.id &&
      estimate.share_percent !== null &&
      /^(census|global)/.test(estimate.kind),
  );
  const sorted = [...others].sort((a, b) => (a.share_percent ?? 0) - (b.share_percent ?? 0));
  const low = sorted[0];
  const high = sorted.at(-1);

  const breakdowns = record(headline.breakdowns);
  const sex = record(breakdowns?.sex);
  const age = Array.isArray(breakdowns?.age) ? (breakdowns.age as unknown[]) : null;

  return {
    asOf: data.as_of,
    headline: {
      somePercent: some?.percent ?? null,
      aLotPercent: aLot?.percent ?? headline.share_percent,
      age: some?.age ?? aLot?.age ?? "",
      source: sourceOf(headline),
      caveat: data.headline.caveats,
    },
    range:
      low && high && low !== high
        ? {
            low: { id: low.id, percent: low.share_percent ?? 0, label: low.label },
            high: { id: high.id, percent: high.share_percent ?? 0, label: high.label },
          }
        : null,
    bySex: sex
      ? {
          basis: typeof sex.basis === "string" ? sex.basis : "",
          female: rates(sex.female),
          male: rates(sex.male),
          source: sourceOf(headline),
        }
      : null,
    byAge: age
      ? {
          bands: age.map((entry) => ({ band: String(record(entry)?.band ?? ""), ...rates(entry) })),
          source: sourceOf(headline),
        }
      : null,
  };
}
