import { useSyncExternalStore } from "react";

// While a modal dialog is open everything outside it is inert: not clickable and not announced. Shared
// live regions (the toasts) read this to render inside the topmost open dialog instead. Apart from
// Dialog.tsx so that the toasts, on every page, do not bring the dialog's code with them.

const openModals: HTMLDialogElement[] = [];
const modalListeners = new Set<() => void>();
let topModal: HTMLDialogElement | null = null;

function publishModals() {
  topModal = openModals.at(-1) ?? null;
  for (const listener of modalListeners) listener();
}

function subscribeModals(listener: () => void): () => void {
  modalListeners.add(listener);
  return () => modalListeners.delete(listener);
}

export function addOpenModal(dialog: HTMLDialogElement): void {
  openModals.push(dialog);
  publishModals();
}

export function removeOpenModal(dialog: HTMLDialogElement): void {
  const index = openModals.indexOf(dialog);
  if (index !== -1) openModals.splice(index, 1);
  publishModals();
}

/** The topmost open modal dialog, or null; use it as a portal target for content that must stay usable. */
export function useTopModalDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(
    subscribeModals,
    () => topModal,
    () => null,
  );
}
