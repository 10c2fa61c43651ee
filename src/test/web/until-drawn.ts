/**
 * Waits until `drawn()` holds, turning only microtasks: no timer and no frame pass. Preact draws a state
 * change made outside `act()` (a focus or a click by the browser itself) in a microtask, and runs effects
 * only after the next frame; what a test does right after this comes between the two, as a quick key or
 * press does on a page. Throws when nothing is drawn within the turns, so the test says where it stopped.
 */
export async function untilDrawnBeforeNextFrame(drawn: () => boolean, turns = 20): Promise<void> {
  for (let turn = 0; turn < turns; turn += 1) {
    if (drawn()) return;
    await Promise.resolve();
  }
  if (!drawn()) throw new Error(`Nothing was drawn within ${turns} microtasks`);
}
