import { apiRequest } from "../../lib/api-client";

// Verified eyewitness reports per state, for the /states table's column. Anyone may read it: no token is
// sent, so a stale session never signs a visitor out here.

export interface ReportCountsAnswer {
  success: true;
  counts: { stateId: number; verified: number }[];
}

export function fetchReportCounts(signal?: AbortSignal): Promise<ReportCountsAnswer> {
  return apiRequest<ReportCountsAnswer>("GET", "/eyewitness/published/counts", { signal, anonymous: true });
}
