/** Where the server reads the time, so tests can move it (token and session expiry, backoff). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
