import { accountsApi } from "./accounts";
import { correctionsApi } from "./corrections";
import { documentsApi } from "./documents";
import { dataDeskApi } from "./datadesk";
import { healthApi } from "./health";
import { historyApi } from "./history";
import { mediaApi } from "./media";
import { openDataApi } from "./opendata";
import { referenceApi } from "./reference";
import { reportsApi } from "./reports";
import { reviewsApi } from "./reviews";
import { rolesApi } from "./roles";
import type { Endpoint } from "./shared";

// The whole API contract (docs/api.md): every endpoint, by area. The server declares each route's schema
// from here, the OpenAPI document is generated from the same objects, and the web client is typed by them.

export * from "./shared";
export * from "./accounts";
export * from "./corrections";
export * from "./documents";
export * from "./datadesk";
export * from "./health";
export * from "./history";
export * from "./media";
export * from "./opendata";
export * from "./reference";
export * from "./reports";
export * from "./reviews";
export * from "./roles";

export const api = {
  accounts: accountsApi,
  reports: reportsApi,
  reviews: reviewsApi,
  roles: rolesApi,
  corrections: correctionsApi,
  documents: documentsApi,
  dataDesk: dataDeskApi,
  openData: openDataApi,
  history: historyApi,
  health: healthApi,
  media: mediaApi,
  reference: referenceApi,
} as const;

/** Every endpoint of the contract, in one list. */
export const allEndpoints: readonly Endpoint[] = Object.values(api).flatMap((area) =>
  Object.values(area as Record<string, Endpoint>),
);
