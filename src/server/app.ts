import helmet from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";
import { setUpAccounts, type AccountsOptions } from "./accounts/module";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/database";
import { healthRoutes } from "./health/routes";
import { apiNotFound, registerErrorHandling } from "./http/errors";
import { webSite } from "./site/web-app";

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Serve the built web app (off in API tests, which need no build). */
  serveWeb?: boolean;
  /** Test settings of accounts: clock, cheaper password hashing, rate-limit store. */
  accounts?: AccountsOptions;
}

/** Builds the whole service: external plugins, then application plugins, then routes. */
export async function buildApp({
  config,
  database,
  serveWeb = true,
  accounts: accountsOptions,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    trustProxy:
      typeof config.trustProxy === "number"
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    disableRequestLogging: config.env === "test",
  });

  await app.register(helmet, {
    // Pages get a per-page CSP from webSite (hashes of their inline scripts); API answers are data only.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  registerErrorHandling(app);
  const accountRoutes = setUpAccounts(app, { config, database, options: accountsOptions });

  await app.register(
    async (api) => {
      healthRoutes(api, database);
      await api.register(accountRoutes, { prefix: "/auth" });
      api.all("/*", async (request, reply) =>
        reply.status(404).send(apiNotFound(request.method, request.url)),
      );
    },
    { prefix: "/api/v1" },
  );
  app.all("/api/*", async (request, reply) =>
    reply.status(404).send(apiNotFound(request.method, request.url)),
  );

  if (serveWeb) await app.register(webSite, { buildDir: config.webBuildDir });
  return app;
}
