import { createElement, type HTMLAttributes, type MouseEvent, type ReactNode, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { isHydrating } from "../lib/hydration-state";

// A part of a served page with nothing to hydrate: text, figures, links. Hydrating such a part only
// builds what the HTML already holds; on a slow phone the state page's findings, contacts and sources, the
// states' table and the footer were each a task of 50 to 130 ms after the page had painted (decision
// record 0035). While the page hydrates, the part renders its element with an empty inner HTML, which the
// renderer keeps as served (Preact never writes inner HTML while it hydrates; React leaves it too), and its
// children are never run. Once what the part shows changes (`shows`: a navigation to another state, a new
// sort), it renders its children as any part would, and from then on stays so.
//
// Its links are the router's links (`<Link>`, which the router marks `data-discover`): one listener on the
// part follows them in the app, as <Link> would (the address given; replacing the entry when it is the
// address of the page itself). Plain links (a download, another site) are left to the browser. A link with
// `data-keep-scroll` (which the app's <Link preventScrollReset> writes, src/web/i18n/links.tsx) keeps the
// scroll position.

type StaticTag = "div" | "section" | "footer" | "dl";

/** Whether a click on a link is one the app follows itself: the main button, no key held, no other target. */
function routerLinkClicked(event: MouseEvent<HTMLElement>): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  const anchor = target?.closest<HTMLAnchorElement>("a[href][data-discover]") ?? null;
  if (!anchor || !event.currentTarget.contains(anchor) || anchor.hasAttribute("download")) return null;
  if (anchor.target && anchor.target !== "_self") return null;
  return anchor.origin === window.location.origin ? anchor : null;
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

type PartProps = {
  as?: StaticTag;
  /** The values the children are rendered from: while they are the served ones, the served HTML stays. */
  shows: readonly unknown[];
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, "onClick">;

/**
 * Renders `children` in an element `as` (a div by default, with `attributes`), and in the browser keeps the
 * served element as it is, unhydrated, while `shows` (what the children are rendered from) stays the same.
 * For parts whose only interactive elements are links; never for a part with a button, a form or an effect.
 */
export function StaticPart({
  onClickWhileServed,
  ...part
}: PartProps & {
  /** What the children's own click handlers do, for the served HTML, which has none. */
  onClickWhileServed?: (event: MouseEvent<HTMLElement>) => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const followLink = (event: MouseEvent<HTMLElement>) => {
    onClickWhileServed?.(event);
    const anchor = routerLinkClicked(event);
    if (!anchor) return;
    event.preventDefault();
    const to = anchor.pathname + anchor.search + anchor.hash;
    void navigate(to, {
      replace: to === location.pathname + location.search + location.hash,
      preventScrollReset: anchor.hasAttribute("data-keep-scroll"),
    });
  };
  return <ServedPart {...part} onClickWhileServed={followLink} />;
}

/**
 * StaticPart for a part without any link (a chart, a figure): the same, without the router, so it can be
 * used where no router is.
 */
export function ServedPart({
  as = "div",
  shows,
  children,
  onClickWhileServed,
  ...attributes
}: PartProps & { onClickWhileServed?: (event: MouseEvent<HTMLElement>) => void }) {
  // What the part was hydrated with; null once it renders its children (or when it never hydrated). Once
  // rendered, never served again: the served HTML is gone by then.
  const [served, setServed] = useState(() => (isHydrating() ? shows : null));
  const asServed = served !== null && sameValues(served, shows);
  if (served !== null && !asServed) setServed(null);

  if (!asServed) return createElement(as, { ...attributes, key: "rendered" }, children);

  return createElement(as, {
    ...attributes,
    key: "served",
    // Mounted while the page hydrates but not from served HTML (a part that appears only in the browser),
    // it has nothing to keep: it renders its children at once, before the browser paints.
    ref: (node: HTMLElement | null) => {
      if (node && node.childNodes.length === 0) setServed(null);
    },
    onClick: onClickWhileServed,
    // Empty, and never written while hydrating: the served children stay, unhydrated.
    dangerouslySetInnerHTML: { __html: "" },
    suppressHydrationWarning: true,
  });
}
