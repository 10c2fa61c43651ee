import { useSyncExternalStore } from "react";
import type { PublicUser } from "../../domain/accounts/user";

// The signed-in user, with the bearer token, kept in localStorage under the key `user` so a
// reload or a new tab stays signed in. The server remains the authority: the token can be revoked there,
// and the role is read from the database on every request.

export interface SessionUser extends PublicUser {
  token: string;
}

export const SESSION_STORAGE_KEY = "user";

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedUser: SessionUser | null = null;

function readStored(): SessionUser | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode settings): behave as signed out
  }
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = parseUser(raw);
  return cachedUser;
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      value &&
      typeof value === "object" &&
      typeof (value as SessionUser).token === "string" &&
      typeof (value as SessionUser).id === "number" &&
      typeof (value as SessionUser).firstname === "string"
    ) {
      return value as SessionUser;
    }
  } catch {
    // a damaged value is treated as signed out
  }
  return null;
}

function notify() {
  for (const listener of listeners) listener();
}

export const session = {
  /** The current user, or null when signed out (always null outside the browser). */
  current(): SessionUser | null {
    return typeof window === "undefined" ? null : readStored();
  },
  signIn(user: PublicUser, token: string) {
    write({ ...user, token });
  },
  /** Merges fields the server returned (profile update) into the stored user. */
  update(fields: Partial<PublicUser>) {
    const current = session.current();
    if (current) write({ ...current, ...fields });
  },
  signOut() {
    try {
      window.localStorage.removeItem(SESSION_STORAGE_KEY);
    } catch {
      // nothing stored
    }
    notify();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    // Signing in or out in another tab applies here too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_STORAGE_KEY || event.key === null) listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  },
};

function write(user: SessionUser) {
  try {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
  } catch {
    // storage full or blocked: the session lasts for this page only
    cachedRaw = undefined;
  }
  notify();
}

/**
 * The signed-in user for rendering. Null during prerendering and hydration (the HTML cannot know who is
 * signed in), then the stored user.
 */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(session.subscribe, session.current, () => null);
}
