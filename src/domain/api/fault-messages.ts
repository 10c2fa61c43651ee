// The sentences of a failing part of the server (its database, its disk, its media store), the same on
// every endpoint: the person learns whether to try again in a moment (503) or later (507), never why.

export const faultMessages = {
  /** 507 STORAGE_FULL: a full disk or a read-only database or folder; an operator has to act. */
  storageFull: "The server cannot save anything right now. Please try again later.",
  /** 503 UNAVAILABLE: the database or the media store is out of reach, usually for a moment. */
  unavailable: "The service is not available right now. Please try again in a moment.",
} as const;

/** Retry-After of each: a restart of the database takes seconds; freeing a disk, minutes. */
export const faultRetryAfterSeconds = { storageFull: 300, unavailable: 10 } as const;
