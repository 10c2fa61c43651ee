/**
 * A dynamic import (a page's code chunk) tried again after a failure: on mobile data a request is often
 * cut off, and one dropped chunk must not cost the visitor the page. Pauses of 1 s, then 2 s, by default.
 */
export async function importWithRetry<T>(
  load: () => Promise<T>,
  { attempts = 3, firstPauseMs = 1_000 }: { attempts?: number; firstPauseMs?: number } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, firstPauseMs * 2 ** (attempt - 1)));
    }
  }
}
