import {
  commentTypes,
  reportStatuses,
  type CommentType,
  type ReportStatus,
} from "../../../domain/reports/report-rules";

// The filters and page of the review queue and of the public list live in the address
// (?status=verified&commentType=barrier&page=2), so Back and a shared link show the same view. Defaults
// (pending, every type, page 1) are left out of it.

export interface ReviewQuery {
  status: ReportStatus;
  commentType: CommentType | null;
  page: number;
}

export interface PublishedQuery {
  commentType: CommentType | null;
  page: number;
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
    page: pageFrom(params.get("page")),
  };
}

export function publishedQueryFrom(params: URLSearchParams): PublishedQuery {
  return { commentType: commentTypeFrom(params.get("commentType")), page: pageFrom(params.get("page")) };
}

function search(entries: [string, string | null][]): string {
  const params = new URLSearchParams();
  for (const [name, value] of entries) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The address's query for a view of the review queue ("" for pending reports of every type, page 1). */
export function reviewSearch({ status, commentType, page }: ReviewQuery): string {
  return search([
    ["status", status === "pending" ? null : status],
    ["commentType", commentType],
    ["page", page > 1 ? String(page) : null],
  ]);
}

/** The address's query for a view of the public list ("" for every type, page 1). */
export function publishedSearch({ commentType, page }: PublishedQuery): string {
  return search([
    ["commentType", commentType],
    ["page", page > 1 ? String(page) : null],
  ]);
}
