import { z } from "zod";
import { endpoint, errorCodeSchema } from "./shared";

// GET /api/v1/health: for monitors. 503 names what is down, with a sentence.

const state = z.enum(["up", "down"]);

export const healthyAnswerSchema = z.object({
  success: z.literal(true),
  status: z.literal("ok"),
  database: state,
  storage: state,
});

export const unhealthyAnswerSchema = z.object({
  success: z.literal(false),
  status: z.literal("unavailable"),
  database: state,
  storage: state,
  message: z.string(),
  code: errorCodeSchema,
});
export type HealthAnswer = z.infer<typeof healthyAnswerSchema> | z.infer<typeof unhealthyAnswerSchema>;

export const healthApi = {
  health: endpoint({
    method: "GET",
    path: "/api/v1/health",
    tag: "Health",
    summary: "200 when the database answers and the uploads folder takes files, 503 otherwise.",
    access: "anyone",
    response: { 200: healthyAnswerSchema, 503: unhealthyAnswerSchema },
  }),
} as const;
