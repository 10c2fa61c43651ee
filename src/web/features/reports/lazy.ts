// The reports feature's second public entry, for code other folders load on demand. It is kept apart from
// index.ts because importing the index statically puts the feature's pages in the importer's first load.

/** The outbox's sender: the layout loads it after the page's load event, so no page's first load carries it. */
export const loadOutboxSender = () => import("./OutboxSender");
