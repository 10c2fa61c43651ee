import { createHash } from "node:crypto";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { api } from "../../../domain/api";
import { CHANGES_PER_PAGE, historyMessages, isRecordKind } from "../../../domain/datadesk/history";
import { openDataMessages } from "../../../domain/opendata/messages";
import { stateSlug } from "../../../domain/datasets/state-names";
import type { Database } from "../../db/database";
import { HttpError, failure } from "../../http/errors";
import { pageOf } from "../../http/paging";
import { invalidParameter } from "../../http/query-params";
import { type ContractRequest, routeSchema, typedRoutes } from "../../openapi/route-schema";
import { answerCrossOrigin } from "../../opendata/routes";
import { atomFeed } from "./atom";
import { changesAnswer, recordHistoryAnswer } from "./history-reader";
import { currentGeneration, findRecord, stateNames, type StateName } from "./history-store";

// The public history of the data, under /api/v1/open:
//   GET /changes.json           every published change, newest first; ?state= ?kind= ?page= ?per_page=
//   GET /changes.atom           the same as an Atom 1.0 feed
//   GET /history/:kind/:id      one record's published changes, newest first
// Every answer's ETag is made of the data's generation (raised by each publication, in its transaction)
// and what was asked: a cache revalidates with one read of one row, and a 304 costs no query of the changes.

export interface HistoryDependencies {
  db: Database;
  /** The site's address, for the history pages' and documents' absolute links. */
  publicUrl: string;
}

/** Always revalidated: a publication must show within seconds, and a 304 is cheap. */
const HISTORY_CACHE = "public, no-cache";
/**
 * Part of every ETag, raised when the answers change shape, so a copy of the old shape is never answered
 * 304 (history-format.test.ts fails when the answers' schemas change and this stays).
 */
export const HISTORY_FORMAT_VERSION = 3;

/** The query of both forms of the changes (the same schema). */
type ChangesQuery = ContractRequest<typeof api.history.changesJson>["query"];

/** True (and the 304 sent) when the client's copy is the one this generation would send. */
function answeredFromCache(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header("etag", etag).header("cache-control", HISTORY_CACHE);
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch === undefined) return false;
  const matches = String(ifNoneMatch)
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
  if (matches) reply.status(304).send();
  return matches;
}

/** An answer's tag: what it was made from, hashed. */
function etagOf(made: unknown[]): string {
  return `"${createHash("sha256").update(JSON.stringify(made)).digest("base64url").slice(0, 27)}"`;
}

/** ?state=: one of the 37, by slug or id, as the open data and the site's addresses name them. */
function stateFrom(value: string | undefined, states: readonly StateName[]): StateName | null {
  if (value === undefined) return null;
  const wanted = value.toLowerCase();
  const state = states.find((known) => stateSlug(known.state) === wanted || String(known.id) === wanted);
  if (!state) throw invalidParameter("state", openDataMessages.badState);
  return state;
}

function withQuery(base: string, parameters: Record<string, string | number | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${base}?${text}` : base;
}

export function historyRoutes({ db, publicUrl }: HistoryDependencies): FastifyPluginAsync {
  return async (plainScope) => {
    const scope = typedRoutes(plainScope);
    answerCrossOrigin(plainScope);
    const changes = async (
      request: FastifyRequest,
      query: ChangesQuery,
      reply: FastifyReply,
      format: "json" | "atom",
    ) => {
      const states = await stateNames(db);
      const state = stateFrom(query.state, states);
      const kind = query.kind ?? null;
      const page = pageOf(query);
      const generation = await currentGeneration(db);
      const etag = etagOf([
        HISTORY_FORMAT_VERSION,
        format,
        generation,
        state?.id ?? null,
        kind,
        page,
        publicUrl,
      ]);
      if (answeredFromCache(request, reply, etag)) return reply;

      const answer = await changesAnswer(db, publicUrl, { state, kind, page }, states);
      const { meta, data: entries } = answer;
      if (format === "json") {
        reply.header("content-type", "application/json; charset=utf-8");
        return reply.send(answer);
      }
      const filters = { state: state ? String(state.id) : null, kind };
      const feedBase = `${publicUrl}/api/v1/open/changes.atom`;
      const pageAddress = (number: number) =>
        withQuery(feedBase, {
          ...filters,
          page: number === 1 ? null : number,
          per_page: page.size === CHANGES_PER_PAGE ? null : page.size,
        });
      const updated = entries[0] ? new Date(entries[0].published_at) : await firstPublication(db);
      reply.header("content-type", "application/atom+xml; charset=utf-8");
      return reply.send(
        atomFeed({
          id: withQuery(feedBase, filters),
          self: pageAddress(page.number),
          alternate: withQuery(`${publicUrl}/changes`, filters),
          first: pageAddress(1),
          last: pageAddress(meta.last_page),
          previous: page.number > 1 ? pageAddress(Math.min(page.number - 1, meta.last_page)) : null,
          next: page.number < meta.last_page ? pageAddress(page.number + 1) : null,
          updated,
          entries,
        }),
      );
    };

    scope.get("/changes.json", { schema: routeSchema(api.history.changesJson) }, async (request, reply) =>
      changes(request, request.query, reply, "json"),
    );
    scope.get("/changes.atom", { schema: routeSchema(api.history.changesAtom) }, async (request, reply) =>
      changes(request, request.query, reply, "atom"),
    );

    scope.get(
      "/history/:kind/:id",
      { schema: routeSchema(api.history.recordHistory) },
      async (request, reply) => {
        const kind = request.params.kind.toLowerCase();
        if (!isRecordKind(kind)) {
          return reply.status(404).send(failure(404, historyMessages.unknownKind(request.params.kind)));
        }
        const { id } = request.params;
        const page = pageOf(request.query);
        const generation = await currentGeneration(db);
        const etag = etagOf([HISTORY_FORMAT_VERSION, "record", generation, kind, id, page, publicUrl]);
        const record = await findRecord(db, kind, id);
        if (!record) throw new HttpError(404, historyMessages.unknownRecord(kind, id));
        if (answeredFromCache(request, reply, etag)) return reply;

        const answer = await recordHistoryAnswer(db, publicUrl, kind, id, page);
        if (!answer) throw new HttpError(404, historyMessages.unknownRecord(kind, id));
        reply.header("content-type", "application/json; charset=utf-8");
        return reply.send(answer);
      },
    );
  };
}

/** The feed's date when nothing was published yet: the seed's. */
async function firstPublication(db: Database): Promise<Date> {
  const record = await findRecord(db, "country", "NG");
  return record?.firstPublished ?? new Date(0);
}
