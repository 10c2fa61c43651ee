import type { CorrectionSubmission } from "../../../domain/api/corrections";
import { apiRoute, request } from "../../lib/api-client";

// Anyone sends a correction, from a state's or a school's page or the translation feedback page: apart
// from the moderators' endpoints (correction-api.ts), whose queries bring the query client (record 0033).

const send = apiRoute("corrections.send", "POST", "/api/v1/corrections");

export function sendCorrection(correction: CorrectionSubmission) {
  return request(send, { body: correction });
}
