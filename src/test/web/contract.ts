// The API client checks every answer against the contract in tests; importing this module first loads the
// contract (zod and every schema) before any test starts, keeping that first load out of the first test's
// time limit.
export const contract = await import("../../domain/api");
