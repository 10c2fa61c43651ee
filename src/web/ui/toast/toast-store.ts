// Toasts (decision records 0010 and 0020): top-centre, never over the focused control or
// the page's heading, cleared when the visitor leaves the page; 5 seconds, paused while hovered or focused, dismissible, and
// announced politely by one live region. Each toast says the outcome of the latest action, so a new one
// replaces those before it: an old error never stays beside a later "Welcome back". Any module may call
// toast.success(...) etc.; <Toaster/> in the root layout shows them.

export type ToastKind = "success" | "warning" | "error" | "info";

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const TOAST_DURATION_MS = 5000;

type Listener = (toasts: readonly Toast[]) => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  publish([{ id, kind, message }]);
  return id;
}

export const toast = {
  success: (message: string) => show("success", message),
  warning: (message: string) => show("warning", message),
  error: (message: string) => show("error", message),
  info: (message: string) => show("info", message),
  dismiss(id: number) {
    publish(toasts.filter((t) => t.id !== id));
  },
  clear() {
    publish([]);
  },
};

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}
