import path from "node:path";
import { z } from "zod";

// All configuration comes from the environment and is checked once at start-up: a bad value stops the
// process with a message naming the variable, rather than failing later on a request.

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const optionalUrl = (protocols: RegExp) =>
  z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(z.url({ protocol: protocols }).optional());

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./var"),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/).optional(),
  PUBLIC_URL: optionalUrl(/^https?$/).optional(),
  SMTP_URL: optionalUrl(/^smtps?$/).optional(),
  MAIL_FROM: z.string().min(3).default("Inclusion Atlas <no-reply@localhost>"),
  AUTH_RATE_LIMIT_MAX: positiveInt.default(20),
  AUTH_ACCOUNT_RATE_LIMIT_MAX: positiveInt.default(10),
  REDIS_URL: optionalUrl(/^rediss?$/).optional(),
  TRUST_PROXY: z.string().trim().default(""),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_BUILD_DIR: z.string().min(1).default("./build/client"),
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Attempts per IP per 15 minutes on each sign-in and account e-mail endpoint. */
  authRateLimitMax: number;
  /** Attempts per e-mail address per 15 minutes on each of those endpoints, from any IP. */
  authAccountRateLimitMax: number;
  redisUrl: string | undefined;
  logLevel: string;
  /**
   * Whose X-Forwarded-For to believe for the client's IP (rate limits): false (default: the socket's
   * address), true (any proxy: only behind a proxy that overwrites the header), a hop count, or addresses.
   */
  trustProxy: boolean | number | string[];
  webBuildDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const values = result.data;
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ""),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    authRateLimitMax: values.AUTH_RATE_LIMIT_MAX,
    authAccountRateLimitMax: values.AUTH_ACCOUNT_RATE_LIMIT_MAX,
    redisUrl: values.REDIS_URL,
    logLevel: values.LOG_LEVEL,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    webBuildDir: path.resolve(values.WEB_BUILD_DIR),
  };
}

function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === "" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}
