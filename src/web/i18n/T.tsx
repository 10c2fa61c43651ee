import { Fragment, type ReactElement, type ReactNode, cloneElement } from "react";
import type { MessageKey } from "../../i18n/message-keys";
import { useT } from "./language-context";

// A message with markup: <T id="home.readMore" components={{ link: <Link to="/data" /> }} /> for the
// message "Read <link>the explainer</link>." Tags in a message name an element of `components`, whose
// children become the tag's content; translators move tags with the words, never write HTML.

const TAG = /<([a-zA-Z0-9]+)>([\s\S]*?)<\/\1>|<([a-zA-Z0-9]+)\s*\/>/g;

export function formatRichText(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name, inner, selfClosing] = match;
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const element = components[(name ?? selfClosing) as string];
    const key = `t${index++}`;
    if (!element) {
      // An unknown tag is shown as its text, never lost.
      nodes.push(<Fragment key={key}>{inner ?? whole}</Fragment>);
    } else if (selfClosing) {
      nodes.push(cloneElement(element, { key }));
    } else {
      nodes.push(cloneElement(element, { key }, ...formatRichText(inner ?? "", components)));
    }
    last = match.index + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

export function T({
  id,
  values,
  components = {},
}: {
  id: MessageKey;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
}) {
  const t = useT();
  return <>{formatRichText(t(id, values), components)}</>;
}
