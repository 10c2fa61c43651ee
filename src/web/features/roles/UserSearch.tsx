import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useT } from "../../i18n";
import { normaliseSearch, SEARCH_MAX_LENGTH } from "./user-list-query";
import styles from "./UserRolesPage.module.css";

/** How long typing must pause before the table follows it. */
export const SEARCH_PAUSE_MS = 500;

export interface UserSearchProps {
  /** The search the address holds now. */
  search: string;
  /**
   * Asks for the table of this search. `replace` is true while the same search is still being typed, so
   * one typing session leaves one history entry and Back returns to the view before it.
   */
  onSearch: (search: string, options: { replace: boolean }) => void;
}

/**
 * The user search: a search landmark with a visible label, a search input and a Search button. The table
 * follows after a short pause in typing, or at once on Enter or Search. Back and Forward put the address's
 * search back in the input.
 */
export function UserSearch({ search, onSearch }: UserSearchProps) {
  const t = useT();
  const [draft, setDraft] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  const typingEntry = useRef(false);
  const inputId = useId();

  // The address changed without typing here (Back, Forward, Clear the search): show its search.
  if (shownSearch !== search) {
    setShownSearch(search);
    if (normaliseSearch(draft) !== search) setDraft(search);
  }

  useEffect(() => {
    const wanted = normaliseSearch(draft);
    if (wanted === search) return;
    const timer = setTimeout(() => {
      onSearch(wanted, { replace: typingEntry.current });
      typingEntry.current = true;
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, search, onSearch]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = normaliseSearch(draft);
    if (wanted !== search) onSearch(wanted, { replace: typingEntry.current });
    typingEntry.current = false;
  }

  return (
    <form role="search" className={styles.search} onSubmit={submit}>
      <label htmlFor={inputId} className={styles.searchLabel}>
        {t("roles.search.label")}
      </label>
      <div className={styles.searchRow}>
        <input
          id={inputId}
          type="search"
          className={styles.searchInput}
          value={draft}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => (typingEntry.current = false)}
        />
        <button type="submit" className="button">
          {t("roles.search.button")}
        </button>
      </div>
    </form>
  );
}
