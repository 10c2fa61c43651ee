// The shapes of the explorer's query (src/domain/explorer.ts) that a link may carry: the server keeps a
// rendered page for these only (page-query.ts) and the explorer reads no other, so the two agree. A file of
// their own, out of every page's first load (which routes.ts is in, for `paths`): only the explorer's chunk
// and the server take them. Literals, which a test holds to the explorer's lists.

/** A year "How the laws spread" may be opened at (`?year=2015`). */
export const SPREAD_YEAR_PATTERN = /^20\d{2}$/;
export const EXPLORER_INDICATOR_PATTERN = /^(status|spread|schools|reports)$/;
export const EXPLORER_VIEW_PATTERN = /^(chart|map|table)$/;
export const SCHOOL_GROUP_PATTERN = /^(hearing|visual|physical|intellectual|autism|multiple)$/;
