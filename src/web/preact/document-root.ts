import { options, type VNode } from "preact";
import { useLayoutEffect } from "preact/hooks";

// The root layout renders the whole document, from <html> down, as React hydrates it into `document`. Preact
// 11 renders into `document.documentElement` when given `document` (so a tree that starts at <html> would put
// a second <html> inside the served one and throw the served page away). Here the layout's <html> becomes
// the document's own: its children (<head>, <body>) hydrate the served ones in place, and its attributes
// (`lang`, which changes when the visitor changes language) are written to the served <html>.
// document-root.test.ts fails if a Preact upgrade changes either behaviour.

type HtmlProps = Record<string, unknown> & { children?: unknown };

function DocumentElement({ children, ...attributes }: HtmlProps) {
  const written = JSON.stringify(Object.entries(attributes));
  useLayoutEffect(() => {
    const element = document.documentElement;
    for (const [name, value] of JSON.parse(written) as [string, unknown][]) {
      if (value === null || value === undefined || value === false) element.removeAttribute(name);
      else element.setAttribute(name, value === true ? "" : String(value));
    }
  }, [written]);
  return children as VNode;
}

let installed = false;

/** From now on, an <html> element rendered by Preact stands for the document's own <html>. */
export function renderHtmlAsTheDocument(): void {
  if (installed) return;
  installed = true;
  const previous = options.vnode;
  options.vnode = (vnode) => {
    if (vnode.type === "html") (vnode as { type: unknown }).type = DocumentElement;
    previous?.(vnode);
  };
}
