import { useLayoutEffect } from "react";

/**
 * Listens on the document for `type` while `active` holds: an Escape or a press elsewhere that closes
 * something shown. The listener is attached in the commit that makes `active` true, not in an effect: the
 * browser's renderer, Preact, runs effects only after the next frame, and a key or a press in between went
 * unheard (an Escape pressed the moment a tooltip appeared left it open for good). It is attached anew at
 * every commit while active, so the listener called is always the latest render's: a few bytes fewer on
 * every public page than keeping it in a ref, for work done only while something is shown.
 */
export function useDocumentListener<Type extends keyof DocumentEventMap>(
  type: Type,
  listener: (event: DocumentEventMap[Type]) => void,
  active: boolean,
): void {
  useLayoutEffect(() => {
    if (!active) return;
    document.addEventListener(type, listener);
    return () => document.removeEventListener(type, listener);
  });
}
