import type {
  CorrectionListAnswer,
  CorrectionStatus,
  CorrectionView,
} from "../../../domain/corrections/correction-rules";
import { apiRequest } from "../../lib/api-client";

// The corrections endpoints for moderators and admins: one status's list with the counts, and a decision.

export function fetchCorrections(
  status: CorrectionStatus,
  signal?: AbortSignal,
): Promise<CorrectionListAnswer> {
  return apiRequest<CorrectionListAnswer>("GET", `/corrections?status=${status}`, { signal });
}

/** 409 when another reviewer decided first. */
export function decideCorrection(
  id: string,
  status: "accepted" | "dismissed",
): Promise<{ success: true; message: string; correction: CorrectionView }> {
  return apiRequest("PATCH", `/corrections/${encodeURIComponent(id)}`, { body: { status } });
}
