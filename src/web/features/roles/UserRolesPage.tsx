import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { type RefObject, useCallback, useLayoutEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { T, useT, type Translate } from "../../i18n";
import { Link } from "../../i18n/links";
import type { PublicUser } from "../../../domain/accounts/user";
import { formatNumber } from "../../../domain/format";
import { can } from "../../../domain/permissions";
import { useApiQuery } from "../../lib/use-api";
import { useSessionUser } from "../../lib/session";
import { Pager } from "../../ui/Pager";
import { ListPage, type ListQuery } from "../../ui/ListPage";
import { rolesQueries, type UsersPage } from "./roles-api";
import { userListQueryFrom, userListSearch } from "./user-list-query";
import { UserSearch } from "./UserSearch";
import { UsersTable } from "./UsersTable";
import styles from "./UserRolesPage.module.css";

/** A page of users with the role list an admin chooses from. */
interface Loaded extends UsersPage {
  roles: readonly string[];
}

/**
 * Role administration. Whoever may not list users sees the product's 'Access Denied' sentence
 * and no request is sent; moderators see the table with 'No permission' in the actions column; admins see
 * a role select per user, disabled on their own row. Renders inside the dashboard's main landmark, so it
 * starts with its h1 (the list page's shell) and adds no landmark of its own besides the search.
 *
 * While another page or search loads, the last table stays on screen (marked busy) so focus is not lost;
 * the polite status line says "Loading users…" and then how many users were found. After Previous or
 * Next, focus moves to the table; after Retry, to the heading.
 */
export function UserRolesPage() {
  const t = useT();
  const viewer = useSessionUser();
  const allowed = viewer !== null && can(viewer.role, "users:list");
  const mayChangeRoles = viewer !== null && can(viewer.role, "roles:change");
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, search } = userListQueryFrom(searchParams);
  const queryClient = useQueryClient();
  // The role list is the same for every page: asked for once, and only by someone who may change roles.
  const roleList = useApiQuery({ ...rolesQueries.roles(), enabled: mayChangeRoles });
  const users = useApiQuery({
    ...rolesQueries.users(page, search),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const tableRegion = useRef<HTMLDivElement>(null);
  const focusTableWhenShown = useRef(false);

  // The table needs both lists: one query for the shell, failing when either fails.
  const fetching = users.isFetching || roleList.isFetching;
  const failed = users.failure ?? roleList.failure;
  const rolesReady = !mayChangeRoles || roleList.isSuccess;
  const list: ListQuery<Loaded> = {
    data: users.data && rolesReady ? { ...users.data, roles: roleList.data?.roles ?? [] } : undefined,
    status:
      users.isError || (mayChangeRoles && roleList.isError) ? "error" : rolesReady ? users.status : "pending",
    isFetching: fetching,
    isPlaceholderData: users.isPlaceholderData,
    failure: failed,
    refetch: () => {
      void users.refetch();
      if (mayChangeRoles) void roleList.refetch();
    },
  };
  const failure = failed && !fetching ? failed : null;
  const fresh = users.isSuccess && !users.isPlaceholderData && !fetching && rolesReady;

  useLayoutEffect(() => {
    if (!focusTableWhenShown.current) return;
    if (fresh) {
      focusTableWhenShown.current = false;
      tableRegion.current?.focus();
    } else if (failure) {
      focusTableWhenShown.current = false;
      heading.current?.focus();
    }
  }, [fresh, failure]);

  const showSearch = useCallback(
    (text: string, { replace }: { replace: boolean }) =>
      setSearchParams(new URLSearchParams(userListSearch({ page: 1, search: text })), { replace }),
    [setSearchParams],
  );

  const showChanged = useCallback(
    (changed: PublicUser) => {
      // Every page held in the cache shows the new role, not only this one.
      queryClient.setQueriesData<UsersPage>({ queryKey: rolesQueries.allUsers }, (shown) =>
        shown
          ? {
              ...shown,
              answer: {
                ...shown.answer,
                users: shown.answer.users.map((row) =>
                  row.id === changed.id ? { ...row, ...changed } : row,
                ),
              },
            }
          : shown,
      );
    },
    [queryClient],
  );

  return (
    <ListPage
      className={styles.page}
      title={t("roles.title")}
      query={list}
      allowed={allowed}
      keepPrevious
      headingRef={heading}
      words={{
        loading: t("roles.loading"),
        failed: t("roles.loadFailed"),
        retry: t("roles.retry"),
        denied: t("roles.accessDenied"),
      }}
      intro={
        <>
          <p className={styles.intro}>{t(mayChangeRoles ? "roles.introAdmin" : "roles.introModerator")}</p>
          <UserSearch search={search} onSearch={showSearch} />
        </>
      }
      summary={(loaded) => summary(t, loaded)}
    >
      {(loaded) => (
        <Results
          loaded={loaded}
          busy={!fresh}
          viewerId={viewer?.id ?? null}
          mayChangeRoles={mayChangeRoles}
          tableRegion={tableRegion}
          onChanged={showChanged}
          onClearSearch={() => showSearch("", { replace: false })}
          onPage={() => (focusTableWhenShown.current = true)}
        />
      )}
    </ListPage>
  );
}

/** What the status line says once a list is shown. */
function summary(t: Translate, { answer, query }: Loaded): string {
  const { total, page, last_page: lastPage } = answer.meta;
  // A common search is counted only so far: then the matches are "more than" the total.
  const exact = answer.meta.total_exact !== false ? "yes" : "no";
  if (total === 0) {
    return query.search ? t("roles.summary.noMatch", { search: query.search }) : t("roles.summary.none");
  }
  const found = query.search
    ? t("roles.summary.matching", { exact, count: total, search: query.search })
    : t("roles.summary.all", { exact, count: total });
  return lastPage > 1
    ? `${found} ${t("roles.summary.page", { exact, page: formatNumber(page), lastPage: formatNumber(lastPage) })}`
    : found;
}

interface ResultsProps {
  loaded: Loaded;
  busy: boolean;
  viewerId: number | null;
  mayChangeRoles: boolean;
  tableRegion: RefObject<HTMLDivElement | null>;
  onChanged: (user: PublicUser) => void;
  onClearSearch: () => void;
  onPage: () => void;
}

function Results({
  loaded,
  busy,
  viewerId,
  mayChangeRoles,
  tableRegion,
  onChanged,
  onClearSearch,
  onPage,
}: ResultsProps) {
  const t = useT();
  const { answer, query, roles } = loaded;
  const { total, page, last_page: lastPage } = answer.meta;

  if (total === 0) {
    return query.search ? (
      <p>
        <button type="button" className="button button--secondary" onClick={onClearSearch}>
          {t("roles.clearSearch")}
        </button>
      </p>
    ) : null;
  }
  if (answer.users.length === 0) {
    return (
      <p>
        <T
          id="roles.emptyPage"
          components={{ link: <Link to={{ search: userListSearch({ page: 1, search: query.search }) }} /> }}
        />
      </p>
    );
  }
  return (
    <>
      <UsersTable
        users={answer.users}
        roles={roles}
        viewerId={viewerId}
        mayChangeRoles={mayChangeRoles}
        busy={busy}
        regionRef={tableRegion}
        onChanged={onChanged}
      />
      <Pager
        label={t("roles.pagerLabel")}
        page={page}
        lastPage={lastPage}
        morePages={answer.meta.total_exact === false}
        linkTo={(to) => ({ search: userListSearch({ page: to, search: query.search }) })}
        onPage={onPage}
        className={styles.pager}
      />
    </>
  );
}
