import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useLanguage, useMessagesArrived } from "./language-context";
import { hasNamespaces, languageOfPathname, loadMessages } from "./runtime";
import { T } from "./T";

export type NamespacesState = "ready" | "loading" | "failed";

/**
 * Whether some namespaces' messages are here in the page's language, loading them when they are not: for
 * parts that render without their route's loader (an error page, a hydration fallback, a lazily loaded
 * control). A failed fetch (a dropped connection, an old chunk after a deploy) says so: the caller shows
 * `NamespacesLoadFailed` rather than a spinner that never ends. No namespaces (nothing to say yet) is ready.
 * `turnsPage`: an error page rendered without its route's loader (an unknown id) is still in the app shell's
 * English; once its messages are here the layout turns the page to the address's language.
 */
export function useNamespaces(
  namespaces: readonly string[],
  { turnsPage = false }: { turnsPage?: boolean } = {},
): NamespacesState {
  // The address's language: a page that had no loader (an unknown id's error page) is still in the app
  // shell's English, and these messages are what turns it (the layout follows the messages that arrive).
  const language = languageOfPathname(useLocation().pathname);
  const shown = useLanguage();
  const messagesArrived = useMessagesArrived();
  // A string, not the list: a caller's list may be a new array on every render.
  const wanted = namespaces.join(",");
  const [outcome, setOutcome] = useState<{ of: string; state: NamespacesState }>();
  const ready = hasNamespaces(language, namespaces);

  useEffect(() => {
    const list = wanted ? wanted.split(",") : [];
    if (hasNamespaces(language, list)) {
      if (turnsPage && shown !== language) messagesArrived();
      return;
    }
    let active = true;
    const of = `${language}:${wanted}`;
    loadMessages(language, list).then(
      () => {
        if (!active) return;
        setOutcome({ of, state: "ready" });
        // Only an error page asks: a page's route loaders may still be on their way, and the layout's
        // other look would run their `meta` before their messages are here.
        if (turnsPage) messagesArrived();
      },
      () => active && setOutcome({ of, state: "failed" }),
    );
    return () => {
      active = false;
    };
  }, [language, wanted, turnsPage, messagesArrived, shown]);

  // Ready once the page speaks the language too: never a render of the part in the shell's English.
  if (ready) return shown === language ? "ready" : "loading";
  return outcome?.of === `${language}:${wanted}` ? outcome.state : "loading";
}

/**
 * What a part shows when its messages could not be fetched: a sentence and a link that reloads the page.
 * An alert of its own, unless it sits inside a live region already (`announced`): nested live regions are
 * read twice or not at all, depending on the screen reader.
 */
export function NamespacesLoadFailed({ announced = false }: { announced?: boolean }) {
  const { pathname, search } = useLocation();
  return (
    <p role={announced ? undefined : "alert"}>
      {/* eslint-disable-next-line jsx-a11y/anchor-has-content -- <T> puts the message's words in the link */}
      <T id="common.pageTextLoadFailed" components={{ link: <a href={pathname + search} /> }} />
    </p>
  );
}
