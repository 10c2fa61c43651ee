import type { z } from "zod";
import type { openFileQuery } from "../../domain/api/opendata";
import type { StateRecord } from "../../domain/datasets/schemas";
import { stateSlug } from "../../domain/datasets/state-names";
import { REPORTS_PER_PAGE, openDataMessages } from "../../domain/opendata/messages";
import { commentTypes } from "../../domain/reports/report-rules";
import type { Page } from "../http/paging";
import { invalidParameter } from "../http/query-params";
import type { ReportFilter } from "./report-export";

// The query of /open/reports.{json,csv}: state, type, from, to (and page, per_page for JSON), as the
// route's query schema gives them (openFileQuery: each value already one it can read). What needs the data
// or the dataset (the state in the states data, a school type given to reports, `from` after `to`) is a
// 400 naming the parameter here, never a silent "everything".

/** The downloads' query, as its schema gives it to the handler. */
export type OpenFileQuery = z.output<typeof openFileQuery>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day (YYYY-MM-DD, checked by the schema) at 00:00 UTC. */
function utcDay(value: string | undefined): Date | null {
  return value === undefined ? null : new Date(`${value}T00:00:00Z`);
}

type StateNames = readonly Pick<StateRecord, "id" | "state">[];

/** ?state=: one of the 37, by slug or id, as the datasets and the site's addresses name them. */
export function stateFrom(
  query: Pick<OpenFileQuery, "state">,
  states: StateNames,
): { id: number; name: string; slug: string } | null {
  const { state: given } = query;
  if (given === undefined) return null;
  const state = states.find((candidate) =>
    typeof given === "number" ? candidate.id === given : stateSlug(candidate.state) === given,
  );
  if (!state) throw invalidParameter("state", openDataMessages.badState);
  return { id: state.id, name: state.state, slug: stateSlug(state.state) };
}

export function reportFilterFrom(query: OpenFileQuery, states: StateNames): ReportFilter {
  const state = stateFrom(query, states);

  // The schema takes a school type too (the schools' filter of the same name); reports have comment types.
  const type = query.type === undefined ? null : commentTypes.find((known) => known === query.type);
  if (type === undefined) throw invalidParameter("type", openDataMessages.badType);

  const from = utcDay(query.from);
  const to = utcDay(query.to);
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
