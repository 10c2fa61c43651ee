import type { UserRole } from "../../../domain/accounts/user";
import type { RoleChangedAnswer, RolesAnswer, UsersAnswer } from "../../../domain/api/roles";
import { apiRoute, request } from "../../lib/api-client";

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

export function changeUserRole(userId: number, role: UserRole): Promise<RoleChangedAnswer> {
  return request(updateRole, { body: { userId, role } });
}
