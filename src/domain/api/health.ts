import { z } from "zod";
import { endpoint, errorCodeSchema, problemSchema } from "./shared";

// GET /api/v1/health: for monitors. 503 names what is down, with a sentence; a part that works but
// needs attention is named in a 200 (status "degraded", or a warning).

const databaseState = z.enum(["up", "down", "full", "read-only"]).meta({
  description:
    "up: the database answers and takes a write; down: no answer; full: its disk has no space left; " +
    "read-only: it refuses writes.",
});
const storageState = z.enum(["up", "down"]).meta({
  description: "up: the media store takes a file; down: it does not (full, read-only or refusing).",
});
const rateLimitState = z.enum(["ok", "degraded"]).meta({
  description:
    "ok: the rate limits count in the configured store (Redis, or memory when no Redis is configured); " +
    "degraded: Redis is configured but cannot count, so each instance counts alone in its memory.",
});
const mailTransport = z.enum(["smtp", "files"]).meta({
  description: "smtp: e-mails go to the SMTP server; files: they are written as .eml files on the server.",
});
const warnings = z.array(z.string()).meta({
  description: "Sentences for the operator about something that works but needs attention; empty if none.",
});

export const healthyAnswerSchema = z.object({
  success: z.literal(true),
  status: z.enum(["ok", "degraded"]),
  database: z.literal("up"),
  storage: z.literal("up"),
  rateLimits: rateLimitState,
  mail: mailTransport,
  warnings,
});

export const unhealthyAnswerSchema = z.object({
  success: z.literal(false),
  status: z.literal("unavailable"),
  database: databaseState,
  storage: storageState,
  rateLimits: rateLimitState,
  mail: mailTransport,
  warnings,
  message: z.string(),
  code: errorCodeSchema,
  problem: problemSchema,
});
export type HealthAnswer = z.infer<typeof healthyAnswerSchema> | z.infer<typeof unhealthyAnswerSchema>;
export type DatabaseState = z.infer<typeof databaseState>;

export const healthApi = {
  health: endpoint({
    method: "GET",
    path: "/api/v1/health",
    tag: "Health",
    summary:
      "200 when the database takes a write and the media store takes a file (status degraded while the " +
      "rate limits count per instance), 503 otherwise.",
    access: "anyone",
    response: { 200: healthyAnswerSchema, 503: unhealthyAnswerSchema },
  }),
} as const;
