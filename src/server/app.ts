import Fastify, { LogController, type FastifyInstance, type RouteOptions } from "fastify";
import { systemClock } from "./clock";
import { setUpAccounts, type AccountsOptions } from "./accounts/module";
import type { Config } from "./config";
import type { PublishedDataSource } from "./datadesk/published-data";
import { databasePublishedData } from "./datadesk/published-data-db";
import type { DatabaseHandle } from "./db/database";
import { healthRoutes } from "./health/routes";
import { EarlyAnswers, serverWithEarlyAnswers } from "./http/early-answers";
import { sendSecurityHeaders } from "./http/security-headers";
import { failureSchema } from "../domain/api/shared";
import { apiNotFound, registerErrorHandling } from "./http/errors";
import { refuseForbiddenCharacters } from "./http/input-guard";
import { redactingSerializers, redactUrl } from "./http/log-redaction";
import { lingerAfterRefusingUnreadBodies } from "./http/lingering-close";
import { enforceMinimumBodyRate, serverTimeoutOptions } from "./http/timeouts";
import { setUpChannels, type Channels } from "./channels/module";
import { bundledFfmpegWarning, locateFfmpeg } from "./media/ffmpeg";
import { orphanAgeMs, startOrphanSweep } from "./media/orphan-sweep";
import { MediaLinks } from "./media/media-links";
import { openMediaStore } from "./media/open-store";
import { startVariantMaker, type VariantMaker } from "./media/photo-variants";
import { mediaRoutes } from "./media/routes";
import { datasetVersionsReader, openDataRoutes } from "./opendata/routes";
import { pageDocumentReader } from "./datadesk/documents/page-documents";
import { historyReader } from "./datadesk/history/history-reader";
import { historyRoutes } from "./datadesk/history/routes";
import { openApiRoutes, registerOpenApi } from "./openapi/document";
import { useContractCompilers } from "./openapi/route-schema";
import { correctionRoutes } from "./corrections/routes";
import { documentFileRoutes, documentRoutes } from "./datadesk/documents/routes";
import { dataDeskRoutes } from "./datadesk/routes";
import { registerRateLimiting } from "./rate-limit/rate-limiting";
import { reviewRoutes } from "./reports/review-routes";
import { findPublishedReport, toPublishedView } from "./reports/review-store";
import { verifiedReportCounts } from "./reports/verified-counts";
import { reportRoutes } from "./reports/routes";
import { SubmissionLimit } from "./reports/submission-limit";
import { roleRoutes } from "./roles/routes";
import { webSite } from "./site/web-app";

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Serve the built web app (off in API tests, which need no build). */
  serveWeb?: boolean;
  /** Test settings of accounts: clock, cheaper password hashing. */
  accounts?: AccountsOptions;
  /** Prefix of the rate-limit counters' Redis keys (tests give each run its own). */
  rateLimitKeyPrefix?: string;
  /** Told of every route as it is registered (the authorisation matrix test lists them this way). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go instead of stdout (tests read them: errors logged, secrets never). */
  logStream?: { write(line: string): void };
  /** The data as published (pages and open data read it); made from the database when not given. */
  publishedData?: PublishedDataSource;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Makes photos' WebP variants in the background (tests wait for it to settle). */
    variantMaker: VariantMaker;
    /** The data as published now (the data desk's records), followed across instances. */
    publishedData: PublishedDataSource;
    /** Reports by phone: the intake, the providers' adapters and their senders (the reply worker's). */
    channels: Channels;
    /** Answers the HTTP server gives before Fastify sees the request (tests count them). */
    earlyAnswers: EarlyAnswers;
  }
}

/** The 404 of an address under /api that is no endpoint (not in the OpenAPI document: it is none). */
const catchAll = { schema: { hide: true, response: { 404: failureSchema } } };

/** Builds the whole service: external plugins, then application plugins, then routes. */
export async function buildApp({
  config,
  database,
  serveWeb = true,
  accounts: accountsOptions,
  rateLimitKeyPrefix,
  onRoute,
  logStream,
  publishedData: givenPublishedData,
}: AppDependencies): Promise<FastifyInstance> {
  // Answers the HTTP server gives before Fastify (the health check's good answer).
  const earlyAnswers = new EarlyAnswers();
  const app = Fastify({
    serverFactory: serverWithEarlyAnswers(earlyAnswers),
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            serializers: redactingSerializers,
            ...(logStream ? { stream: logStream } : {}),
          },
    ...serverTimeoutOptions(config.httpTimeouts),
    trustProxy:
      typeof config.trustProxy === "number"
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Request logs would drown a test run's output.
    logController: new LogController({ disableRequestLogging: config.env === "test" && !logStream }),
  });
  if (onRoute) app.addHook("onRoute", onRoute);
  app.decorate("earlyAnswers", earlyAnswers);
  // Closing: Fastify refuses what comes on open connections, so every request goes to it.
  app.addHook("preClose", (done) => {
    earlyAnswers.close();
    done();
  });
  // The contract (src/domain/api) validates and serialises; the OpenAPI document sees every route.
  useContractCompilers(app);
  await registerOpenApi(app, config.publicUrl);

  sendSecurityHeaders(app);
  registerErrorHandling(app);
  refuseForbiddenCharacters(app);
  // Fastify's own 404 handler logs the whole URL, which may carry a link's token.
  app.setNotFoundHandler(async (request, reply) =>
    reply.status(404).send(apiNotFound(request.method, redactUrl(request.url))),
  );
  enforceMinimumBodyRate(app, config.httpTimeouts);
  lingerAfterRefusingUnreadBodies(app);

  // One clock for every module (tests pass their own), and rate limits counted in one store.
  const now = accountsOptions?.clock ?? systemClock;
  const rateLimits = await registerRateLimiting(app, {
    redisUrl: config.redisUrl,
    keyPrefix: rateLimitKeyPrefix,
  });
  const accountRoutes = setUpAccounts(app, { config, database, options: accountsOptions });

  // The published data: read from the database, kept until a publication on any instance moves it on.
  const publishedData =
    givenPublishedData ??
    databasePublishedData(database, {
      onError: (error, what) => app.log.warn({ err: error }, `published data: ${what} failed`),
    });
  app.decorate("publishedData", publishedData);
  app.addHook("onClose", async () => publishedData.close());

  // The uploads folder, or the S3 bucket when one is configured (several instances share it).
  const mediaStorage = await openMediaStore(config);
  // Files left by a process that died mid-upload: removed now and then periodically (real time: the
  // files' dates are real), once older than the longest request these timeouts allow.
  const stopSweep = startOrphanSweep(mediaStorage, database.db, app.log, () => new Date(), {
    olderThanMs: orphanAgeMs({
      requestMs: config.httpTimeouts.requestMs,
      videoRemuxTimeoutMs: config.videoRemuxTimeoutMs,
    }),
  });
  // Photos' WebP variants, made after each report is answered, and left over ones at start-up.
  const variantMaker = startVariantMaker({ db: database.db, storage: mediaStorage, now, log: app.log });
  app.decorate("variantMaker", variantMaker);
  app.addHook("onClose", async () => {
    await variantMaker.stop();
    await stopSweep();
    await mediaStorage.close();
  });
  const ffmpeg = await locateFfmpeg(config.ffmpegPath);
  if (ffmpeg.source === "bundled") app.log.warn(bundledFfmpegWarning);
  const mediaLinks = new MediaLinks(config.mediaUrlSecret, now);
  // The explorer's pages show the verified reports' counts; a review that changes them renders them again.
  const verifiedReports = verifiedReportCounts(database.db);
  const eyewitnessRoutes = reportRoutes({
    db: database.db,
    now,
    storage: mediaStorage,
    links: mediaLinks,
    limits: { photoMaxBytes: config.reportPhotoMaxBytes, videoMaxBytes: config.reportVideoMaxBytes },
    video: { ffmpeg, timeoutMs: config.videoRemuxTimeoutMs },
    submissions: new SubmissionLimit(app, config.reportRateLimitMax),
    photosStored: variantMaker.wake,
  });

  const channels = setUpChannels(config.channels, database.db, config.publicUrl);
  app.decorate("channels", channels);

  await app.register(
    async (api) => {
      healthRoutes(api, { database, storage: mediaStorage, rateLimits, config, earlyAnswers });
      await api.register(accountRoutes, { prefix: "/auth" });
      await api.register(eyewitnessRoutes, { prefix: "/eyewitness" });
      await api.register(
        reviewRoutes({
          db: database.db,
          now,
          links: mediaLinks,
          storage: mediaStorage,
          publicUrl: config.publicUrl,
          phoneReplies: channels.intake,
          verifiedChanged: verifiedReports.changed,
        }),
        { prefix: "/eyewitness" },
      );
      await channels.register(api, database.db, now, {
        storage: mediaStorage,
        ffmpeg,
        photoMaxBytes: config.reportPhotoMaxBytes,
        photosStored: variantMaker.wake,
      });
      await api.register(roleRoutes({ db: database.db, now }), { prefix: "/roles" });
      await api.register(
        correctionRoutes({ db: database.db, now, maxPerHour: config.correctionRateLimitMax }),
        { prefix: "/corrections" },
      );
      await api.register(dataDeskRoutes({ db: database.db, now, publicUrl: config.publicUrl }), {
        prefix: "/datadesk",
      });
      await api.register(
        openDataRoutes({
          db: database.db,
          now,
          publishedData,
          publicUrl: config.publicUrl,
          warmUp: config.env !== "test",
          earlyAnswers,
        }),
        {
          prefix: "/open",
        },
      );
      await api.register(documentRoutes({ db: database.db, now, storage: mediaStorage }), {
        prefix: "/datadesk/documents",
      });
      // The public history of the data desk's publications.
      await api.register(historyRoutes({ db: database.db, publicUrl: config.publicUrl }), {
        prefix: "/open",
      });
      api.all("/*", catchAll, async (request, reply) =>
        reply.status(404).send(apiNotFound(request.method, request.url)),
      );
    },
    { prefix: "/api/v1" },
  );
  openApiRoutes(app);
  app.all("/api/*", catchAll, async (request, reply) =>
    reply.status(404).send(apiNotFound(request.method, request.url)),
  );
  await app.register(mediaRoutes({ db: database.db, storage: mediaStorage, links: mediaLinks }));
  await app.register(documentFileRoutes({ db: database.db, now, storage: mediaStorage }));

  if (serveWeb) {
    await app.register(webSite, {
      buildDir: config.webBuildDir,
      publishedData,
      site: { publicUrl: config.publicUrl, contacts: config.siteContacts },
      history: historyReader(database.db, config.publicUrl),
      documents: pageDocumentReader(database.db),
      openData: datasetVersionsReader(database.db),
      verifiedReports,
      reports: {
        find: async (id) => {
          const report = await findPublishedReport(database.db, id);
          return report ? toPublishedView(report) : null;
        },
        publicUrl: config.publicUrl,
      },
    });
  }
  return app;
}
