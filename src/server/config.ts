import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { publicUrlFromEnv } from "../domain/public-url";
import { siteContactsFromEnv, type SiteContacts } from "../domain/site-contacts";
import { PHOTO_MAX_BYTES, VIDEO_MAX_BYTES } from "../domain/reports/report-rules";
import type { S3Settings } from "./media/s3-store";
import { defaultChannelLimits, type ChannelLimits } from "./channels/limits";

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

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** A WhatsApp message template's name as Meta's WhatsApp Manager allows it. */
const templateName = z
  .string()
  .regex(/^[a-z0-9_]{1,512}$/, { error: "must be a template's name: lower-case letters, digits and '_'" })
  .optional();

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
  UPLOADS_DIR: z.string().trim().optional(),
  S3_ENDPOINT: optionalUrl(/^https?$/).optional(),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        error: "must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens",
      })
      .optional(),
  ),
  S3_REGION: optionalText,
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", ""], { error: "must be true or false" })
    .optional()
    .transform((value) => (value === "" ? undefined : value)),
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  REPORT_PHOTO_MAX_BYTES: positiveInt.default(PHOTO_MAX_BYTES),
  REPORT_VIDEO_MAX_BYTES: positiveInt.default(VIDEO_MAX_BYTES),
  REPORT_RATE_LIMIT_MAX: positiveInt.default(20),
  CORRECTION_RATE_LIMIT_MAX: positiveInt.default(10),
  FFMPEG_PATH: z.string().trim().optional(),
  VIDEO_REMUX_TIMEOUT_MS: positiveInt.default(120_000),
  HTTP_HEADERS_TIMEOUT_MS: positiveInt.default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: positiveInt.default(30 * 60 * 1000),
  HTTP_IDLE_TIMEOUT_MS: positiveInt.default(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(5_000),
  UPLOAD_MIN_BYTES_PER_SECOND: positiveInt.default(1024),
  UPLOAD_RATE_WINDOW_MS: positiveInt.default(15_000),
  HEALTH_FAIL_ON_DEGRADED: z
    .enum(["true", "false", ""], { error: "must be true or false" })
    .optional()
    .transform((value) => value === "true"),
  CHANNELS_PHONE_HASH_KEY: optionalText.pipe(
    z.string().min(32, { error: "must be at least 32 characters long" }).optional(),
  ),
  CHANNELS_PHONE_ENCRYPTION_KEY: optionalText.pipe(
    z.string().min(32, { error: "must be at least 32 characters long" }).optional(),
  ),
  CHANNELS_REPORTS_PER_PHONE_PER_HOUR: positiveInt.default(defaultChannelLimits.reportsPerPhonePerHour),
  CHANNELS_MESSAGES_PER_PROVIDER_PER_MINUTE: positiveInt.default(
    defaultChannelLimits.messagesPerProviderPerMinute,
  ),
  AFRICASTALKING_CALLBACK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{24,}$/, { error: "must be at least 24 letters, digits, '-' or '_'" })
      .optional(),
  ),
  AFRICASTALKING_USERNAME: optionalText,
  AFRICASTALKING_API_KEY: optionalText,
  AFRICASTALKING_SENDER_ID: optionalText,
  AFRICASTALKING_API_URL: optionalUrl(/^https?$/).optional(),
  AFRICASTALKING_ALLOWED_IPS: z.string().trim().default(""),
  WHATSAPP_CALLBACK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{24,}$/, { error: "must be at least 24 letters, digits, '-' or '_'" })
      .optional(),
  ),
  WHATSAPP_VERIFY_TOKEN: optionalText,
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_ACCESS_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText.pipe(
    z.string().regex(/^\d+$/, { error: "must be the phone number's id (digits)" }).optional(),
  ),
  WHATSAPP_GRAPH_API_URL: optionalUrl(/^https?$/).optional(),
  WHATSAPP_TEMPLATE_PUBLISHED: optionalText.pipe(templateName),
  WHATSAPP_TEMPLATE_NOT_PUBLISHED: optionalText.pipe(templateName),
  WHATSAPP_GRAPH_API_VERSION: optionalText.pipe(
    z
      .string()
      .regex(/^v\d+\.\d+$/, { error: "must look like v21.0" })
      .optional(),
  ),
  MEDIA_URL_SECRET: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(z.string().min(32, { error: "must be at least 32 characters long" }).optional())
    .optional(),
});

/** Every environment variable the server reads: the README's configuration table must list each one. */
export const configVariableNames: readonly string[] = Object.keys(envSchema.shape);

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
  /** Report media files: never inside a public folder (default DATA_DIR/uploads). */
  uploadsDir: string;
  /** Report media in an S3-compatible store instead of uploadsDir (S3_BUCKET set), or undefined. */
  s3: S3Settings | undefined;
  /** Largest photograph accepted, in bytes (spec: 5 MB). */
  reportPhotoMaxBytes: number;
  /** Largest video file accepted, in bytes (spec: 100 MB). */
  reportVideoMaxBytes: number;
  /** Eyewitness report submissions per user per hour. */
  reportRateLimitMax: number;
  /** "Suggest a correction" submissions per IP per hour. */
  correctionRateLimitMax: number;
  /** ffmpeg to remux videos with (FFMPEG_PATH); unset: the system's, else the bundled fallback. */
  ffmpegPath: string | undefined;
  /** Longest a video remux may take before ffmpeg is killed and the video refused. */
  videoRemuxTimeoutMs: number;
  /** Slow clients cannot hold sockets: limits on headers, the whole request, idle and keep-alive sockets. */
  httpTimeouts: HttpTimeouts;
  /** Key of the signed media links; several instances must share one (MEDIA_URL_SECRET). */
  mediaUrlSecret: string;
  /** True when MEDIA_URL_SECRET was not set and a key was made for this process only. */
  mediaUrlSecretGenerated: boolean;
  /** Health answers 503, not 200, while a part is degraded (rate limits counted per instance). */
  healthFailOnDegraded: boolean;
  /** The footer's contact details and social links (SITE_* variables), shown on every page the server renders. */
  siteContacts: SiteContacts;
  /** Reports by phone (src/server/channels, docs/channels.md). */
  channels: ChannelsConfig;
}

export interface ChannelsConfig {
  /** The secrets the phone hash and the sealed numbers' keys are made from (phone-privacy.ts). */
  phoneHashSecret: string;
  phoneEncryptionSecret: string;
  limits: ChannelLimits;
  /** Africa's Talking (USSD and SMS), when its callback secret is set. */
  africasTalking: AfricasTalkingConfig | undefined;
  /** The WhatsApp Business Cloud API, when its callback secret is set. */
  whatsapp?: WhatsAppConfig | undefined;
}

export interface WhatsAppConfig {
  /** The secret part of the callback address given to Meta. */
  callbackSecret: string;
  /** The token typed in Meta's webhook settings: Meta's verification GET carries it back. */
  verifyToken: string;
  /** The app secret: every notification's X-Hub-Signature-256 is its HMAC-SHA-256 of the body. */
  appSecret: string;
  /** The system user's token, for the Graph API (media and sending). */
  accessToken: string | undefined;
  /** The business phone number's id (the Graph API's, not the number). */
  phoneNumberId: string | undefined;
  /** The Graph API's base address (a test peer's in tests) and version. */
  graphUrl: string;
  graphVersion: string;
  /**
   * The approved message templates a decision's reply is sent as once the reporter's 24-hour window has
   * closed (docs/channels.md gives their text); unset: such a reply is dropped.
   */
  templates: { published: string | undefined; notPublished: string | undefined };
}

export interface AfricasTalkingConfig {
  /** The secret part of the callback addresses given to Africa's Talking. */
  callbackSecret: string;
  username: string | undefined;
  apiKey: string | undefined;
  /** The sender id or short code replies come from; the account's default when unset. */
  senderId: string | undefined;
  /** The SMS API's base address (a test peer's in tests). */
  apiUrl: string;
  /** Callbacks are taken only from these addresses, when any are given. */
  allowedIps: string[];
}

// Fixed keys for development and tests only, so hashes stay the same across restarts; production refuses
// to take reports by phone without its own.
const DEV_PHONE_HASH_KEY = "development-only-phone-hash-key-never-in-production";
const DEV_PHONE_ENCRYPTION_KEY = "development-only-phone-encryption-key-never-in-production";

export interface HttpTimeouts {
  /** All of a request's headers must arrive within this. */
  headersMs: number;
  /** The whole request, body included (a 100 MB video on a slow phone needs long). */
  requestMs: number;
  /** A socket on which nothing moves is closed. */
  idleMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
  /** A request body arriving slower than this, over each window, is cut off. */
  minBodyBytesPerSecond: number;
  bodyRateWindowMs: number;
}

export class ConfigError extends Error {}

/** The SITE_* contacts (src/domain/site-contacts.ts), or a ConfigError naming the variable that is wrong. */
function readSiteContacts(env: NodeJS.ProcessEnv): SiteContacts {
  try {
    return siteContactsFromEnv(env);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${(error as Error).message}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const values = result.data;
  const s3Problems = checkS3Settings(values);
  if (s3Problems.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${s3Problems.map((problem) => `  ${problem}`).join("\n")}`,
    );
  }
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    publicUrl: publicUrlFromEnv({ PUBLIC_URL: values.PUBLIC_URL, PORT: String(values.PORT) }),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    authRateLimitMax: values.AUTH_RATE_LIMIT_MAX,
    authAccountRateLimitMax: values.AUTH_ACCOUNT_RATE_LIMIT_MAX,
    redisUrl: values.REDIS_URL,
    logLevel: values.LOG_LEVEL,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    webBuildDir: path.resolve(values.WEB_BUILD_DIR),
    uploadsDir: path.resolve(values.UPLOADS_DIR || path.join(dataDir, "uploads")),
    s3: values.S3_BUCKET
      ? {
          endpoint: values.S3_ENDPOINT,
          bucket: values.S3_BUCKET,
          // AWS's own default; MinIO answers to it too unless set otherwise.
          region: values.S3_REGION ?? "us-east-1",
          forcePathStyle: values.S3_FORCE_PATH_STYLE === "true",
          ...(values.AWS_ACCESS_KEY_ID && values.AWS_SECRET_ACCESS_KEY
            ? {
                credentials: {
                  accessKeyId: values.AWS_ACCESS_KEY_ID,
                  secretAccessKey: values.AWS_SECRET_ACCESS_KEY,
                },
              }
            : {}),
        }
      : undefined,
    reportPhotoMaxBytes: values.REPORT_PHOTO_MAX_BYTES,
    reportVideoMaxBytes: values.REPORT_VIDEO_MAX_BYTES,
    reportRateLimitMax: values.REPORT_RATE_LIMIT_MAX,
    correctionRateLimitMax: values.CORRECTION_RATE_LIMIT_MAX,
    ffmpegPath: values.FFMPEG_PATH || undefined,
    videoRemuxTimeoutMs: values.VIDEO_REMUX_TIMEOUT_MS,
    httpTimeouts: {
      headersMs: values.HTTP_HEADERS_TIMEOUT_MS,
      requestMs: values.HTTP_REQUEST_TIMEOUT_MS,
      idleMs: values.HTTP_IDLE_TIMEOUT_MS,
      keepAliveMs: values.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      minBodyBytesPerSecond: values.UPLOAD_MIN_BYTES_PER_SECOND,
      bodyRateWindowMs: values.UPLOAD_RATE_WINDOW_MS,
    },
    mediaUrlSecret: values.MEDIA_URL_SECRET ?? randomBytes(32).toString("base64url"),
    mediaUrlSecretGenerated: values.MEDIA_URL_SECRET === undefined,
    healthFailOnDegraded: values.HEALTH_FAIL_ON_DEGRADED,
    siteContacts: readSiteContacts(env),
    channels: readChannels(values),
  };
}

function readChannels(values: z.infer<typeof envSchema>): ChannelsConfig {
  const problems: string[] = [];
  const callbackSecret = values.AFRICASTALKING_CALLBACK_SECRET;
  if (values.NODE_ENV === "production" && callbackSecret) {
    for (const name of ["CHANNELS_PHONE_HASH_KEY", "CHANNELS_PHONE_ENCRYPTION_KEY"] as const) {
      if (!values[name])
        problems.push(`${name}: must be set when reports by phone are on (AFRICASTALKING_CALLBACK_SECRET)`);
    }
    for (const name of ["AFRICASTALKING_USERNAME", "AFRICASTALKING_API_KEY"] as const) {
      if (!values[name])
        problems.push(`${name}: must be set to send replies when AFRICASTALKING_CALLBACK_SECRET is`);
    }
  }
  const whatsappSecret = values.WHATSAPP_CALLBACK_SECRET;
  if (whatsappSecret) {
    // Without these a notification could not be authenticated: refuse to start rather than take any.
    for (const name of ["WHATSAPP_VERIFY_TOKEN", "WHATSAPP_APP_SECRET"] as const) {
      if (!values[name]) problems.push(`${name}: must be set when WHATSAPP_CALLBACK_SECRET is`);
    }
    if (values.NODE_ENV === "production") {
      for (const name of ["CHANNELS_PHONE_HASH_KEY", "CHANNELS_PHONE_ENCRYPTION_KEY"] as const) {
        if (!values[name] && !callbackSecret)
          problems.push(`${name}: must be set when reports by phone are on (WHATSAPP_CALLBACK_SECRET)`);
      }
      for (const name of ["WHATSAPP_ACCESS_TOKEN", "WHATSAPP_PHONE_NUMBER_ID"] as const) {
        if (!values[name])
          problems.push(
            `${name}: must be set to fetch media and send replies when WHATSAPP_CALLBACK_SECRET is`,
          );
      }
    }
  }
  if (
    values.CHANNELS_PHONE_HASH_KEY &&
    values.CHANNELS_PHONE_HASH_KEY === values.CHANNELS_PHONE_ENCRYPTION_KEY
  ) {
    problems.push("CHANNELS_PHONE_ENCRYPTION_KEY: must differ from CHANNELS_PHONE_HASH_KEY");
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
  }
  return {
    phoneHashSecret: values.CHANNELS_PHONE_HASH_KEY ?? DEV_PHONE_HASH_KEY,
    phoneEncryptionSecret: values.CHANNELS_PHONE_ENCRYPTION_KEY ?? DEV_PHONE_ENCRYPTION_KEY,
    limits: {
      ...defaultChannelLimits,
      reportsPerPhonePerHour: values.CHANNELS_REPORTS_PER_PHONE_PER_HOUR,
      messagesPerProviderPerMinute: values.CHANNELS_MESSAGES_PER_PROVIDER_PER_MINUTE,
    },
    africasTalking: callbackSecret
      ? {
          callbackSecret,
          username: values.AFRICASTALKING_USERNAME,
          apiKey: values.AFRICASTALKING_API_KEY,
          senderId: values.AFRICASTALKING_SENDER_ID,
          apiUrl: (values.AFRICASTALKING_API_URL ?? "https://api.africastalking.com").replace(/\/+$/, ""),
          allowedIps: values.AFRICASTALKING_ALLOWED_IPS.split(",")
            .map((address) => address.trim())
            .filter(Boolean),
        }
      : undefined,
    whatsapp:
      whatsappSecret && values.WHATSAPP_VERIFY_TOKEN && values.WHATSAPP_APP_SECRET
        ? {
            callbackSecret: whatsappSecret,
            verifyToken: values.WHATSAPP_VERIFY_TOKEN,
            appSecret: values.WHATSAPP_APP_SECRET,
            accessToken: values.WHATSAPP_ACCESS_TOKEN,
            phoneNumberId: values.WHATSAPP_PHONE_NUMBER_ID,
            graphUrl: (values.WHATSAPP_GRAPH_API_URL ?? "https://graph.facebook.com").replace(/\/+$/, ""),
            graphVersion: values.WHATSAPP_GRAPH_API_VERSION ?? "v21.0",
            templates: {
              published: values.WHATSAPP_TEMPLATE_PUBLISHED,
              notPublished: values.WHATSAPP_TEMPLATE_NOT_PUBLISHED,
            },
          }
        : undefined,
  };
}

/** The S3 variables make sense only together: the bucket chooses the store, the keys come in pairs. */
function checkS3Settings(values: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!values.S3_BUCKET) {
    const stray = (["S3_ENDPOINT", "S3_REGION", "S3_FORCE_PATH_STYLE"] as const).filter(
      (name) => values[name] !== undefined,
    );
    if (stray.length > 0) {
      problems.push(
        `S3_BUCKET: must be set when ${stray.join(", ")} ${stray.length > 1 ? "are" : "is"}: without a bucket, media stay in the uploads folder`,
      );
    }
    return problems;
  }
  if (Boolean(values.AWS_ACCESS_KEY_ID) !== Boolean(values.AWS_SECRET_ACCESS_KEY)) {
    const missing = values.AWS_ACCESS_KEY_ID ? "AWS_SECRET_ACCESS_KEY" : "AWS_ACCESS_KEY_ID";
    problems.push(`${missing}: must be set too: the S3 access key ID and secret access key go together`);
  }
  return problems;
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
