import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { can } from "../../../domain/permissions";
import type { UserRole } from "../../../domain/accounts/user";
import type { RoleChangedAnswer, RolesAnswer, UsersAnswer } from "../../../domain/api/roles";
import { apiRoute, request } from "../../lib/api-client";
import { userListQueryFrom, type UserListQuery } from "./user-list-query";

// The roles endpoints (docs/api.md): a page of users, the role list, and one role change. A 401 is
// handled by the API client (it signs out and says 'Unauthorized! Logging Out...').

/** Users per page of the table: the server's default, asked for explicitly so both sides agree. */
export const USERS_PER_PAGE = 50;

export type { RoleChangedAnswer, RolesAnswer, UsersAnswer } from "../../../domain/api/roles";

const users = apiRoute("roles.users", "GET", "/api/v1/roles/users");
const roles = apiRoute("roles.roles", "GET", "/api/v1/roles/roles");
const updateRole = apiRoute("roles.updateRole", "PATCH", "/api/v1/roles/update-role");

export function fetchUsers(
  { page, search }: { page: number; search: string },
  signal?: AbortSignal,
): Promise<UsersAnswer> {
  return request(users, {
    query: { page: String(page), per_page: String(USERS_PER_PAGE), search },
    signal,
  });
}

export function fetchRoles(signal?: AbortSignal): Promise<RolesAnswer> {
  return request(roles, { signal });
}

/** A page of users with the query it answers: while the next loads, the last list stays with its own. */
export interface UsersPage {
  query: UserListQuery;
  answer: UsersAnswer;
}

/** The roles page's queries, each with its key; `allUsers` is every page's and search's key prefix. */
export const rolesQueries = {
  /** The role list, the same for every page: asked for once. */
  roles: () =>
    queryOptions({
      queryKey: ["roles.roles"] as const,
      queryFn: ({ signal }) => fetchRoles(signal),
      staleTime: Infinity,
    }),
  allUsers: ["roles.users"] as const,
  users: (page: number, search: string) =>
    queryOptions({
      queryKey: [...rolesQueries.allUsers, page, search] as const,
      queryFn: async ({ signal }): Promise<UsersPage> => ({
        query: { page, search },
        answer: await fetchUsers({ page, search }, signal),
      }),
    }),
};

export function changeUserRole(userId: number, role: UserRole): Promise<RoleChangedAnswer> {
  return request(updateRole, { body: { userId, role } });
}

/** What the roles page reads for its address and viewer's role, started by its route. */
export function startUserRoles(client: QueryClient, params: URLSearchParams, role: UserRole): void {
  if (!can(role, "users:list")) return;
  const { page, search } = userListQueryFrom(params);
  void client.prefetchQuery(rolesQueries.users(page, search));
  if (can(role, "roles:change")) void client.prefetchQuery(rolesQueries.roles());
}
