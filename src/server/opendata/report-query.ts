import type { StateRecord } from "../../domain/datasets/schemas";
import { stateSlug } from "../../domain/datasets/state-names";
import { isCalendarDay } from "../../domain/nigeria-day";
import { REPORTS_PER_PAGE, openDataMessages } from "../../domain/opendata/messages";
import { commentTypes } from "../../domain/reports/report-rules";
import type { Page } from "../http/paging";
import { invalidParameter, singleParameter as single, type Query } from "../http/query-params";
import type { ReportFilter } from "./report-export";

// The query of /open/reports.{json,csv}: state, type, from, to (and page, per_page for JSON). Anything
// it cannot read is a 400 naming the parameter, never a silent "everything".

export type { Query } from "../http/query-params";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day at 00:00 UTC; 2026-02-30 is not one. */
function utcDay(value: string | undefined, parameter: "from" | "to"): Date | null {
  if (value === undefined) return null;
  if (!isCalendarDay(value)) throw invalidParameter(parameter, openDataMessages.badDate(parameter));
  return new Date(`${value}T00:00:00Z`);
}

type StateNames = readonly Pick<StateRecord, "id" | "state">[];

/** ?state=: one of the 37, by slug or id, as the datasets and the site's addresses name them. */
export function stateFrom(
  query: Query,
  states: StateNames,
): { id: number; name: string; slug: string } | null {
  const value = single(query, "state")?.toLowerCase();
  if (value === undefined) return null;
  const state = states.find(
    (candidate) => stateSlug(candidate.state) === value || String(candidate.id) === value,
  );
  if (!state) throw invalidParameter("state", openDataMessages.badState);
  return { id: state.id, name: state.state, slug: stateSlug(state.state) };
}

export function reportFilterFrom(query: Query, states: StateNames): ReportFilter {
  const state = stateFrom(query, states);

  const typeValue = single(query, "type");
  const type = typeValue === undefined ? null : commentTypes.find((known) => known === typeValue);
  if (type === undefined) throw invalidParameter("type", openDataMessages.badType);

  const from = utcDay(single(query, "from"), "from");
  const to = utcDay(single(query, "to"), "to");
  if (from && to && from > to) throw invalidParameter("from", openDataMessages.fromAfterTo);
  return {
    state: state ? { id: state.id, name: state.name } : null,
    type,
    from,
    before: to ? new Date(to.getTime() + DAY_MS) : null,
  };
}

/** The filter as it shapes the answer: for the ETag and the JSON's meta. */
export function describeFilter(filter: ReportFilter) {
  return {
    state: filter.state?.name ?? null,
    type: filter.type,
    from: filter.from?.toISOString().slice(0, 10) ?? null,
    to: filter.before ? new Date(filter.before.getTime() - DAY_MS).toISOString().slice(0, 10) : null,
  };
}

/** The page of reports.json asked for (its query schema has checked the numbers). */
export function reportPageFrom(query: { page?: number; per_page?: number }): Page {
  return { number: query.page ?? 1, size: query.per_page ?? REPORTS_PER_PAGE };
}
