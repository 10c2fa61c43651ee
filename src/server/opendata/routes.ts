import { Readable, pipeline } from "node:stream";
import { createGzip } from "node:zlib";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { api } from "../../domain/api";
import { openDatasets, reportFields, type OpenDatasetId } from "../../domain/opendata/datasets";
import {
  OPEN_DATA_API_PREFIX,
  OPEN_DATA_LICENSE,
  csvHead,
  csvRow,
  downloadFileName,
  formatMediaTypes,
  jsonHeader,
  openDataPath,
  openFormats,
  type OpenFormat,
} from "../../domain/opendata/documents";
import { openDataMessages } from "../../domain/opendata/messages";
import type { StateRecord } from "../../domain/datasets/schemas";
import { byStateDatasets, documentQualifier } from "../../domain/opendata/static-documents";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { EarlyAnswers } from "../http/early-answers";
import { failure } from "../http/errors";
import { type ContractRequest, routeSchema, typedRoutes } from "../openapi/route-schema";
import { pageMeta } from "../http/paging";
import { invalidParameter } from "../http/query-params";
import {
  answeredNotModified,
  chooseEncoding,
  clientHasCurrentCopy,
  encodedEtag,
  streamEncoding,
  type Encoding,
} from "./conditional";
import { answerPlainDownloadsEarly } from "./early-answers";
import { allReports, exportVersion, findReportsPage, toOpenReport } from "./report-export";
import { describeFilter, reportFilterFrom, reportPageFrom, stateFrom } from "./report-query";
import { dataPackage, packageSources } from "../../domain/opendata/datapackage";
import type { PublishedDataSource } from "../datadesk/published-data";
import { LiveBodies } from "./live-bodies";
import {
  PreparedBody,
  documentKey,
  etagOf,
  type OpenDataBodies,
  type PreparedDocument,
} from "./static-bodies";
import { filterOfAnotherDataset } from "./other-dataset-filters";
import { statesFilterFrom } from "./states-query";
import { filteredSchoolIds, schoolsFilterFrom } from "./schools-query";

// What the pages read of open data (the /data page's versions), through this file as the folder's entry.
export { datasetVersionsReader, type DatasetVersionsReader } from "./dataset-versions-reader";

// Open data under /api/v1/open:
//   GET /                              the catalogue: every dataset, its formats, addresses and version
//   GET /datapackage.json              the CSVs as a Frictionless Data Package (Table Schema per CSV)
//   GET /states.{json,csv}             the 37 state records             } the published data, prepared
//   GET /schools.{json,csv,geojson}    the schools (closed ones marked)  } once per generation: no query,
//   GET /estimates.{json,csv}          the national prevalence estimates } no serialisation per request
//     states and schools take ?state= (slug or id); states also ?zone=&status= as /states filters (a
//     filter's documents are made on its first request, then kept: states-query.ts, static-bodies.ts);
//     schools also ?lga=&group=&boarding=&ownership=&type=&name= as the school results page (/schools)
//     writes them (made per request: schools-query.ts);
//     each takes ?version=N: the dataset exactly as it was at its version N (live-bodies.ts)
//   GET /reports.{json,csv}            verified reports; ?state=&type=&from=&to=, JSON paged, CSV streamed
// CSV takes ?hxl=1 for a second row of HXL hashtags. Every answer: ETag, Last-Modified, 304 on a
// matching condition, CORS for anyone, and the licence in the body and in a Link header.

export interface OpenDataDependencies {
  db: Database;
  now: Clock;
  /** The data as published now: the downloads are made from it, again when its generation moves. */
  publishedData: PublishedDataSource;
  /** For the absolute addresses of report media and of the /data page. */
  publicUrl: string;
  /** Compress every static download at start-up rather than on its first request. */
  warmUp?: boolean;
  /** Where the HTTP server's own answers are registered (the plain downloads are among them). */
  earlyAnswers: EarlyAnswers;
}

/**
 * The datasets change with each publication, which every copy shows within seconds: any cache may keep
 * them but asks first (an ETag match costs a few bytes).
 */
const STATIC_CACHE = "public, no-cache";
/** A dataset's earlier version never changes. */
const VERSION_CACHE = "public, max-age=31536000, immutable";
/** Reports change when one is verified or unpublished: a minute, as the published reports page. */
const REPORTS_CACHE = "public, max-age=60";
/** Changes when the reports export changes shape, so no cached copy outlives it. */
const REPORTS_EXPORT_VERSION = 2;

export const crossOriginHeaders = Object.freeze({
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "ETag, Last-Modified, Link, Content-Disposition",
  // Open data may be read by any site, also without CORS (the API's default is same-origin).
  "cross-origin-resource-policy": "cross-origin",
});

/**
 * Every answer of an open-data scope carries the cross-origin headers, set before anything else runs, so a
 * query its schema refuses is readable by a script on another site too. Each plugin under /api/v1/open
 * (the downloads, the history of the data) is a scope of its own and adds it.
 */
export function answerCrossOrigin(scope: FastifyInstance): void {
  scope.addHook("onRequest", async (_request, reply) => {
    reply.headers(crossOriginHeaders);
  });
}

const datasetIds = Object.keys(openFormats) as OpenDatasetId[];

type FileRequest = ContractRequest<typeof api.openData.file>;

export function openDataRoutes({
  db,
  now,
  publishedData,
  publicUrl,
  warmUp = false,
  earlyAnswers,
}: OpenDataDependencies): FastifyPluginAsync {
  return async (plainScope) => {
    const scope = typedRoutes(plainScope);
    // Compressed in the background, one at a time, each time the data changes: the server answers
    // meanwhile (a request compresses its own).
    const compress = (bodies: OpenDataBodies) =>
      void bodies
        .warmUp()
        .catch((error: unknown) => scope.log.warn({ err: error }, "open data: compression failed"));
    const live = new LiveBodies(publishedData, db, warmUp ? compress : undefined);
    scope.addHook("onClose", async () => live.close());
    answerCrossOrigin(plainScope);
    if (warmUp) {
      void Promise.resolve(live.get()).catch((error: unknown) =>
        scope.log.warn({ err: error }, "open data: the published data could not be read"),
      );
    }
    const startedAt = new Date(Math.floor(now().getTime() / 1000) * 1000);
    const link = `<${OPEN_DATA_LICENSE.url}>; rel="license", <${publicUrl}/data>; rel="describedby"`;

    // Every header of a download, per representation, made once: a request sets them in one go. Kept
    // with the document, which a new generation replaces.
    const representations = new WeakMap<PreparedDocument, Map<Encoding, Readonly<Record<string, string>>>>();
    const headersOf = (document: PreparedDocument, encoding: Encoding, version: number | null = null) => {
      let ofDocument = representations.get(document);
      if (!ofDocument) representations.set(document, (ofDocument = new Map()));
      let headers = ofDocument.get(encoding);
      if (!headers) {
        const qualifier = [documentQualifier(document), version === null ? null : `v${version}`]
          .filter(Boolean)
          .join("-");
        headers = Object.freeze({
          link,
          "content-type": formatMediaTypes[document.format],
          "cache-control": version === null ? STATIC_CACHE : VERSION_CACHE,
          vary: "accept-encoding",
          "content-disposition": disposition(
            document.format,
            downloadFileName(document.dataset, document.asOf, document.format, qualifier || null),
          ),
          etag: encodedEtag(document.prepared.etag, encoding),
          "last-modified": document.lastModified.toUTCString(),
          ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
        });
        ofDocument.set(encoding, headers);
      }
      return headers;
    };
    answerPlainDownloadsEarly(
      scope,
      () => live.fresh(),
      (document, encoding) => [crossOriginHeaders, headersOf(document, encoding)],
      earlyAnswers,
    );

    // A browser asks first when a script sends conditional headers itself.
    scope.options("/:file", { schema: routeSchema(api.openData.filePreflight) }, async (_request, reply) =>
      reply
        .headers(crossOriginHeaders)
        .status(204)
        .header("access-control-allow-methods", "GET, HEAD")
        .header("access-control-allow-headers", "If-None-Match, If-Modified-Since")
        .header("access-control-max-age", "86400")
        .send(null),
    );

    // The catalogue and the data package change only with the downloads: made once per generation,
    // sent like them, with their validators.
    const catalogues = new WeakMap<OpenDataBodies, PreparedBody>();
    const catalogueOf = (bodies: OpenDataBodies) => {
      let catalogue = catalogues.get(bodies);
      if (!catalogue) {
        catalogue = new PreparedBody(
          JSON.stringify({
            success: true as const,
            license: OPEN_DATA_LICENSE,
            documentation: `${publicUrl}/data`,
            datapackage: `${publicUrl}${OPEN_DATA_API_PREFIX}/datapackage.json`,
            datasets: datasetIds.map((id) => ({
              id,
              title: openDatasets[id].title,
              description: openDatasets[id].description,
              ...(versionFigures(bodies, id) ?? {}),
              downloads: openFormats[id].map((format) => ({
                format,
                url: `${publicUrl}${openDataPath(id, format)}`,
                ...staticFigures(bodies.documents, id, format),
              })),
            })),
          }),
        );
        catalogues.set(bodies, catalogue);
      }
      return catalogue;
    };
    const packages = new WeakMap<OpenDataBodies, PreparedBody>();
    const packageOf = (bodies: OpenDataBodies) => {
      let made = packages.get(bodies);
      if (!made) {
        const versions = Object.fromEntries(
          datasetIds.flatMap((id) => {
            const figures = versionFigures(bodies, id);
            return figures
              ? [[id, { version: figures.version, changedOn: figures.changed_at.slice(0, 10) }]]
              : [];
          }),
        );
        made = new PreparedBody(
          JSON.stringify(dataPackage(publicUrl, packageSources(publicUrl, bodies.datasets), versions)),
        );
        packages.set(bodies, made);
      }
      return made;
    };
    const lastChange = (bodies: OpenDataBodies) =>
      datasetIds.reduce(
        (latest, id) => (bodies.lastModified(id) > latest ? bodies.lastModified(id) : latest),
        new Date(0),
      );

    const sendMetadata = async (
      request: FastifyRequest,
      reply: FastifyReply,
      body: (bodies: OpenDataBodies) => PreparedBody,
    ) => {
      const bodies = await live.get();
      const prepared = body(bodies);
      const encoding = chooseEncoding(request.headers["accept-encoding"]);
      reply
        .headers(crossOriginHeaders)
        .header("cache-control", STATIC_CACHE)
        .header("link", link)
        .header("content-type", formatMediaTypes.json)
        .header("vary", "accept-encoding");
      const validators = { etag: prepared.etag, lastModified: lastChange(bodies) };
      if (answeredNotModified(request, reply, validators, encoding)) return reply;
      if (encoding !== "identity") reply.header("content-encoding", encoding);
      return reply.send(await prepared.bytes(encoding));
    };

    scope.get("/", { schema: routeSchema(api.openData.catalogue) }, async (request, reply) =>
      sendMetadata(request, reply, catalogueOf),
    );
    scope.get(
      "/datapackage.json",
      { schema: routeSchema(api.openData.dataPackage) },
      async (request, reply) => sendMetadata(request, reply, packageOf),
    );

    // A filter of another dataset is refused as such before the schema reads its value.
    const filtersOfTheDataset = async (request: FastifyRequest) => {
      const wanted = parseFileName((request.params as { file: string }).file);
      if ("problem" in wanted) return;
      const refusal = filterOfAnotherDataset(wanted.dataset, request.query as Record<string, unknown>);
      if (refusal) throw refusal;
    };

    const fileOptions = { schema: routeSchema(api.openData.file), preValidation: filtersOfTheDataset };
    scope.get("/:file", fileOptions, async (request, typedReply) => {
      // The answer is prepared bytes (or a 304), sent as they are, not an object of the schemas.
      const reply: FastifyReply = typedReply;
      const wanted = parseFileName(request.params.file);
      const { hxl, version = null } = request.query;
      if ("problem" in wanted) {
        return reply.status(404).send({ ...failure(404, wanted.problem), formats: wanted.formats });
      }
      const { dataset, format } = wanted;
      if (dataset === "reports") {
        if (version !== null) throw invalidParameter("version", openDataMessages.reportsHaveNoVersions);
        reply.header("link", link);
        const { states } = (await live.get()).datasets;
        return sendReports(request, reply, format, hxl, { db, now, publicUrl, startedAt, states });
      }
      const bodies = version === null ? await live.get() : await live.atVersion(dataset, version);
      if (!bodies) {
        const latest = await live.latestVersion(dataset);
        return reply.status(404).send({
          ...failure(404, openDataMessages.unknownVersion(dataset, version ?? 0, latest?.version ?? null)),
          formats: [openDataPath(dataset, format)],
        });
      }
      const stateFound = byStateDatasets.some((id) => id === dataset)
        ? stateFrom(request.query, bodies.datasets.states)
        : null;
      const state = stateFound?.slug ?? null;
      const { zone, status } = statesFilterFrom(request.query, dataset);
      const schoolsFilter = schoolsFilterFrom(request.query, dataset, stateFound);
      const choice = { dataset, format, hxl: format === "csv" && hxl, state };
      const document = schoolsFilter
        ? bodies.filteredSchoolsDocument(
            filteredSchoolIds(bodies.datasets.schools, schoolsFilter.filter),
            { state, described: schoolsFilter.described },
            format,
            choice.hxl,
          )
        : zone || status
          ? bodies.filteredStatesDocument({ state, zone, status }, format, choice.hxl)
          : bodies.documents.get(documentKey(choice));
      if (!document) {
        const formats = openFormats[dataset].filter((known) => known !== format);
        // Only the whole directory comes as GeoJSON.
        return reply.status(404).send({
          ...failure(404, openDataMessages.notByState(dataset, format)),
          formats: formats.map((known) => openDataPath(dataset, known)),
        });
      }
      const encoding = chooseEncoding(request.headers["accept-encoding"]);
      reply.headers(headersOf(document, encoding, version));
      const conditional =
        request.headers["if-none-match"] !== undefined || request.headers["if-modified-since"] !== undefined;
      if (conditional && clientHasCurrentCopy(request, document.prepared.etag, document.lastModified)) {
        return reply.status(304).send();
      }
      return reply.send(await document.prepared.bytes(encoding));
    });
  };
}

/** A dataset's version now and when it last changed, for the catalogue. */
function versionFigures(
  bodies: OpenDataBodies,
  dataset: OpenDatasetId,
): { version: number; changed_at: string } | null {
  const version = dataset === "reports" ? undefined : bodies.versions.get(dataset);
  return version ? { version: version.version, changed_at: version.publishedAt.toISOString() } : null;
}

type WantedFile = { dataset: OpenDatasetId; format: OpenFormat } | { problem: string; formats: string[] };

/** "states.csv" → the states dataset as CSV; anything else → the sentence and the formats there are. */
function parseFileName(file: string): WantedFile {
  const dot = file.indexOf(".");
  const name = dot === -1 ? file : file.slice(0, dot);
  const extension = dot === -1 ? "" : file.slice(dot + 1);
  const dataset = datasetIds.find((id) => id === name);
  if (!dataset) {
    return {
      problem: openDataMessages.unknownDataset(name, datasetIds),
      formats: datasetIds.flatMap((id) => openFormats[id].map((format) => openDataPath(id, format))),
    };
  }
  const formats: readonly OpenFormat[] = openFormats[dataset];
  const format = formats.find((known) => known === extension);
  if (!format) {
    return {
      problem: openDataMessages.unknownFormat(dataset, extension, formats),
      formats: formats.map((known) => openDataPath(dataset, known)),
    };
  }
  return { dataset, format };
}

function staticFigures(
  documents: ReadonlyMap<string, PreparedDocument>,
  dataset: OpenDatasetId,
  format: OpenFormat,
) {
  if (dataset === "reports") return {};
  const document = documents.get(documentKey({ dataset, format, hxl: false }));
  return document
    ? { rows: document.rows, bytes: document.prepared.identity.length, as_of: document.asOf }
    : {};
}

function disposition(format: OpenFormat, fileName: string): string {
  // CSV is saved as a file; JSON opens in the browser, and "Save as" still gets a good name.
  return `${format === "csv" ? "attachment" : "inline"}; filename="${fileName}"`;
}

interface ReportsContext extends Pick<OpenDataDependencies, "db" | "now" | "publicUrl"> {
  startedAt: Date;
  states: readonly StateRecord[];
}

async function sendReports(
  request: FileRequest,
  reply: FastifyReply,
  format: OpenFormat,
  hxl: boolean,
  { db, now, publicUrl, startedAt, states }: ReportsContext,
) {
  const filter = reportFilterFrom(request.query, states);
  const csv = format === "csv";
  if (csv && (request.query.page !== undefined || request.query.per_page !== undefined)) {
    throw invalidParameter(
      request.query.page !== undefined ? "page" : "per_page",
      openDataMessages.pagingInCsv,
    );
  }
  const page = csv ? null : reportPageFrom(request.query);
  const today = now().toISOString().slice(0, 10);
  const version = await exportVersion(db, filter);
  const etag = etagOf(
    JSON.stringify([
      REPORTS_EXPORT_VERSION,
      format,
      csv && hxl,
      describeFilter(filter),
      page,
      version.total,
      version.lastDecision?.toISOString() ?? null,
      today,
      publicUrl,
    ]),
  );
  const encoding: Encoding = csv ? streamEncoding(request.headers["accept-encoding"]) : "identity";
  reply
    .header("content-type", formatMediaTypes[format])
    .header("cache-control", REPORTS_CACHE)
    .header("vary", "accept-encoding")
    .header("content-disposition", disposition(format, downloadFileName("reports", today, format)));
  const validators = { etag, lastModified: version.lastDecision ?? startedAt };
  if (answeredNotModified(request, reply, validators, encoding)) return reply;

  if (!page) {
    // Streamed a batch at a time: a large export holds neither the memory nor the event loop.
    async function* rows() {
      yield Buffer.from(csvHead(reportFields, hxl));
      for await (const batch of allReports(db, filter)) {
        yield Buffer.from(
          batch.map((row) => csvRow(reportFields, toOpenReport(row, publicUrl, true))).join(""),
        );
      }
    }
    const source = Readable.from(rows(), { objectMode: false });
    if (encoding === "identity") return reply.send(source);
    reply.header("content-encoding", encoding);
    return reply.send(
      pipeline(source, createGzip(), (error) => {
        if (error) request.log.warn({ err: error }, "the reports export stopped before its end");
      }),
    );
  }

  const rows = await findReportsPage(db, filter, page);
  return reply.send({
    ...jsonHeader(openDatasets.reports, today),
    filters: describeFilter(filter),
    meta: pageMeta(version.total, page),
    count: rows.length,
    data: rows.map((row) => toOpenReport(row, publicUrl, false)),
  });
}
