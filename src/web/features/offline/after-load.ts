/** Runs `task` once the page's load event has fired (at once when it already has). */
export function afterLoad(task: () => void): void {
  if (document.readyState === "complete") task();
  else window.addEventListener("load", task, { once: true });
}
