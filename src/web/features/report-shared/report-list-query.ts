import {
  commentTypes,
  reportStatuses,
  type CommentType,
  type ReportStatus,
} from "../../../domain/reports/report-rules";
import { occurredOnProblem } from "../../../domain/reports/report-place";
import { lgaOfState, lgasByState, stateLgas } from "../../../domain/reports/report-lgas";
import { compareText } from "../../../domain/text-order";

// The filters and page of the review queue and of the public list live in the address
// (?status=verified&commentType=barrier&state=25&page=2), so Back and a shared link show the same view.
// Defaults (pending, every type, every state, page 1) are left out of it.

export interface ReviewQuery {
  status: ReportStatus;
  commentType: CommentType | null;
  /** One state's reports (an id of data/states.json), or null for every state. */
  stateId: number | null;
  page: number;
}

export interface PublishedQuery {
  commentType: CommentType | null;
  stateId: number | null;
  /** An LGA of the chosen state, as the registry spells it; only with a state. */
  lga: string | null;
  /** The range of the date it happened (YYYY-MM-DD), each end optional. */
  from: string | null;
  to: string | null;
  page: number;
}

export const everyPublished: PublishedQuery = {
  commentType: null,
  stateId: null,
  lga: null,
  from: null,
  to: null,
  page: 1,
};

/** The 37 states for the selects, as data/states.json names them, alphabetical. */
export const stateChoices: readonly { stateId: number; state: string }[] = lgasByState
  .map(({ stateId, state }) => ({ stateId, state }))
  .sort((a, b) => compareText(a.state, b.state));

/** A state's id (1..37), or null for anything else, the empty "All states" included. */
export function stateIdFrom(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  return stateLgas(Number(value))?.stateId ?? null;
}

/** A real day (YYYY-MM-DD) from 1960 on, or null. */
export function dayFrom(value: string | null): string | null {
  if (!value) return null;
  return occurredOnProblem(value, "9999-12-31") === null ? value.trim() : null;
}

/** Page 1 when absent or not a whole positive number. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A known comment type, or null (every type) for anything else, the empty "All types" included. */
export function commentTypeFrom(value: string | null): CommentType | null {
  return commentTypes.find((type) => type === value) ?? null;
}

function statusFrom(value: string | null): ReportStatus {
  return reportStatuses.find((status) => status === value) ?? "pending";
}

export function reviewQueryFrom(params: URLSearchParams): ReviewQuery {
  return {
    status: statusFrom(params.get("status")),
    commentType: commentTypeFrom(params.get("commentType")),
    stateId: stateIdFrom(params.get("state")),
    page: pageFrom(params.get("page")),
  };
}

export function publishedQueryFrom(params: URLSearchParams): PublishedQuery {
  const stateId = stateIdFrom(params.get("state"));
  const lga = params.get("lga");
  return {
    commentType: commentTypeFrom(params.get("commentType")),
    stateId,
    lga: stateId && lga ? (lgaOfState(stateId, lga) ?? null) : null,
    // A range written backwards (a hand-edited or old link) is read the right way round: the server
    // would refuse it, and the page could only show a failure that Retry cannot mend.
    ...orderedRange(dayFrom(params.get("from")), dayFrom(params.get("to"))),
    page: pageFrom(params.get("page")),
  };
}

function orderedRange(from: string | null, to: string | null): { from: string | null; to: string | null } {
  return from && to && from > to ? { from: to, to: from } : { from, to };
}

function search(entries: [string, string | null][]): string {
  const params = new URLSearchParams();
  for (const [name, value] of entries) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The address's query for a view of the review queue ("" for pending reports of every type, page 1). */
export function reviewSearch({ status, commentType, stateId, page }: ReviewQuery): string {
  return search([
    ["status", status === "pending" ? null : status],
    ["commentType", commentType],
    ["state", stateId ? String(stateId) : null],
    ["page", page > 1 ? String(page) : null],
  ]);
}

/** The address's query for a view of the public list ("" for every report, page 1). */
export function publishedSearch({ commentType, stateId, lga, from, to, page }: PublishedQuery): string {
  return search([
    ["commentType", commentType],
    ["state", stateId ? String(stateId) : null],
    ["lga", stateId ? lga : null],
    ["from", from],
    ["to", to],
    ["page", page > 1 ? String(page) : null],
  ]);
}
