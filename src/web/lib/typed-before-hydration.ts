// On a slow phone the server's HTML is there seconds before the JavaScript, and people start typing. The
// browser keeps what they typed, but the components' state still holds the server's empty values: Send
// would then say "Enter your first name" beside a filled-in field, and the next render would clear it.
// Once the page is interactive, each control whose value differs from the server's is changed again as a
// visitor would change it, so its component's change handler runs and the state takes the visitor's value.
//
// React fires onChange only when a control's value differs from the one it last saw, and it saw the typed
// value when it hydrated. So the control is first set back to the server's value through the element (which
// React watches), then to the visitor's through the prototype's setter (which it does not), and the event
// React listens to for that control is sent: `input` for text, `change` for a select, a click for a box.

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const notReplayed = new Set(["file", "hidden", "submit", "button", "reset", "image"]);

function isBox(control: Control): control is HTMLInputElement {
  return control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio");
}

function changedByVisitor(control: Control): boolean {
  if (control instanceof HTMLSelectElement) {
    return [...control.options].some((option) => option.selected !== option.defaultSelected);
  }
  if (control instanceof HTMLInputElement && notReplayed.has(control.type)) return false;
  // A radio group: only the chosen one is changed again, as a tap on it would.
  if (isBox(control)) return control.checked && !control.defaultChecked;
  return control.value !== control.defaultValue;
}

function changeAgain(control: Control) {
  if (control instanceof HTMLSelectElement) {
    control.dispatchEvent(new Event("change", { bubbles: true }));
  } else if (isBox(control)) {
    control.checked = false;
    control.click();
  } else {
    const typed = control.value;
    const prototype = Object.getPrototypeOf(control) as HTMLInputElement | HTMLTextAreaElement;
    control.value = control.defaultValue;
    Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(control, typed);
    control.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

const controlSelector = "input, textarea, select";

/**
 * The controls of the server's HTML, taken before hydration (which adopts these very elements): only they
 * can hold what a visitor typed before the page was interactive. A control the app renders itself (a
 * client-rendered page's form, a draft it restores) is the app's own and is never changed again.
 */
export function serverControls(root: ParentNode): Control[] {
  return [...root.querySelectorAll<Control>(controlSelector)];
}

/** Changes again each of `controls` the visitor changed before its component was listening; returns how many. */
export function replayTypedValues(controls: readonly Control[]): number {
  const changed = controls.filter(
    (control) => control.isConnected && !control.disabled && changedByVisitor(control),
  );
  changed.forEach(changeAgain);
  return changed.length;
}
