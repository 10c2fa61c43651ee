/**
 * A macrotask: the browser can answer a tap and paint before what follows runs. (A resolved promise would
 * not do: its callback runs in the same task.)
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
