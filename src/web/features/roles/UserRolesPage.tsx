import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { type RefObject, useCallback, useLayoutEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { T, useFailureText, useT, type Translate } from "../../i18n";
import { Link } from "../../i18n/links";
import type { PublicUser } from "../../../domain/accounts/user";
import { formatNumber } from "../../../domain/format";
import { can } from "../../../domain/permissions";
import { ApiError } from "../../lib/api-client";
import { useApiQuery } from "../../lib/use-api";
import { useSessionUser, type SessionUser } from "../../lib/session";
import { Pager } from "../../ui/Pager";
import { SpinnerIcon } from "../../ui/Spinner";
import { rolesQueries, type UsersPage } from "./roles-api";
import { userListQueryFrom, userListSearch } from "./user-list-query";
import { UserSearch } from "./UserSearch";
import { UsersTable } from "./UsersTable";
import styles from "./UserRolesPage.module.css";

/**
 * Role administration. Whoever may not list users sees the product's 'Access Denied' sentence
 * and no request is sent; moderators see the table with 'No permission' in the actions column; admins see
 * a role select per user, disabled on their own row. Renders inside the dashboard's main landmark, so it
 * starts with its h1 and adds no landmark of its own besides the search.
 */
export function UserRolesPage() {
  const t = useT();
  const user = useSessionUser();
  return (
    <div className={styles.page}>
      {user && can(user.role, "users:list") ? (
        <UserDirectory viewer={user} />
      ) : (
        <>
          <h1 className={styles.title}>{t("roles.title")}</h1>
          <AccessDenied />
        </>
      )}
    </div>
  );
}

function AccessDenied() {
  const t = useT();
  return <p className={styles.denied}>{t("roles.accessDenied")}</p>;
}

interface Loaded extends UsersPage {
  roles: readonly string[];
}

/**
 * The table with its search and pages. While another page or search loads, the last table stays on
 * screen (marked busy) so focus is not lost; the polite status line says "Loading users…" and then how
 * many users were found. After Previous or Next, focus moves to the table; after Retry, to the heading.
 */
function UserDirectory({ viewer }: { viewer: SessionUser }) {
  const t = useT();
  const failureText = useFailureText();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = userListQueryFrom(searchParams);
  const { page, search } = query;
  const mayChangeRoles = can(viewer.role, "roles:change");
  const queryClient = useQueryClient();
  // The role list is the same for every page: asked for once, and only by someone who may change roles.
  const roleList = useApiQuery({ ...rolesQueries.roles(), enabled: mayChangeRoles });
  const users = useApiQuery({ ...rolesQueries.users(page, search), placeholderData: keepPreviousData });
  const heading = useRef<HTMLHeadingElement>(null);
  const tableRegion = useRef<HTMLDivElement>(null);
  const focusTableWhenShown = useRef(false);

  const fetching = users.isFetching || roleList.isFetching;
  const failed = users.failure ?? roleList.failure;
  const failure = failed && !fetching ? failed : null;
  const rolesReady = !mayChangeRoles || roleList.isSuccess;
  const fresh = users.isSuccess && !users.isPlaceholderData && !fetching && rolesReady;
  const loading = !fresh && !failure;
  const shown = users.data && rolesReady && !failure && !(users.isError && fetching) ? users.data : null;
  const loaded: Loaded | null = shown ? { ...shown, roles: roleList.data?.roles ?? [] } : null;

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

  const retry = () => {
    heading.current?.focus();
    void users.refetch();
    if (mayChangeRoles) void roleList.refetch();
  };

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

  if (failure instanceof ApiError && failure.code === "FORBIDDEN") {
    return (
      <>
        <h1 className={styles.title}>{t("roles.title")}</h1>
        <AccessDenied />
      </>
    );
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {t("roles.title")}
      </h1>
      <p className={styles.intro}>{t(mayChangeRoles ? "roles.introAdmin" : "roles.introModerator")}</p>
      <UserSearch search={search} onSearch={showSearch} />
      <p role="status" className={styles.status}>
        {loading ? (
          <>
            <SpinnerIcon />
            {t("roles.loading")}
          </>
        ) : loaded && !failure ? (
          summary(t, loaded)
        ) : null}
      </p>
      {failure ? (
        <div className={styles.failed} role="alert">
          <p>{t("roles.loadFailed")}</p>
          {failure instanceof ApiError && failure.problem ? <p>{failureText(failure)}</p> : null}
          <button type="button" className="button" onClick={retry}>
            {t("roles.retry")}
          </button>
        </div>
      ) : loaded ? (
        <Results
          loaded={loaded}
          busy={loading}
          viewer={viewer}
          mayChangeRoles={mayChangeRoles}
          tableRegion={tableRegion}
          onChanged={showChanged}
          onClearSearch={() => showSearch("", { replace: false })}
          onPage={() => (focusTableWhenShown.current = true)}
        />
      ) : null}
    </>
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
  viewer: SessionUser;
  mayChangeRoles: boolean;
  tableRegion: RefObject<HTMLDivElement | null>;
  onChanged: (user: PublicUser) => void;
  onClearSearch: () => void;
  onPage: () => void;
}

function Results({
  loaded,
  busy,
  viewer,
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
        viewerId={viewer.id}
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
