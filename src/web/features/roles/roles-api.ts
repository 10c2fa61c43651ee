import type { PublicUser } from "../../../domain/accounts/user";
import { ApiError, apiRequest } from "../../lib/api-client";

// The roles endpoints (DESIGN §5, issue 5): a page of users, the role list, and one role change. A 401 is
// handled by the API client (it signs out and says 'Unauthorized! Logging Out...').

/** Users per page of the table: the server's default, asked for explicitly so both sides agree. */
export const USERS_PER_PAGE = 50;

export interface UserListMeta {
  total: number;
  page: number;
  per_page: number;
  last_page: number;
  /** False when a search's matches are more than `total` (the server counts them only so far). */
  total_exact: boolean;
}

export interface UsersAnswer {
  success: true;
  users: PublicUser[];
  meta: UserListMeta;
}

export interface RolesAnswer {
  success: true;
  roles: string[];
}

export interface RoleChangeAnswer {
  success: true;
  message?: string;
  user: PublicUser;
}

export function fetchUsers(
  { page, search }: { page: number; search: string },
  signal?: AbortSignal,
): Promise<UsersAnswer> {
  const query = new URLSearchParams({ page: String(page), per_page: String(USERS_PER_PAGE) });
  if (search) query.set("search", search);
  return apiRequest<UsersAnswer>("GET", `/roles/users?${query}`, { signal });
}

export function fetchRoles(signal?: AbortSignal): Promise<RolesAnswer> {
  return apiRequest<RolesAnswer>("GET", "/roles/roles", { signal });
}

export function changeUserRole(userId: number, role: string): Promise<RoleChangeAnswer> {
  return apiRequest<RoleChangeAnswer>("PATCH", "/roles/update-role", { body: { userId, role } });
}

/** The sentence the server sent with a failure, if it sent one (not the client's own fallbacks). */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { message?: unknown } | null | undefined;
  return body && typeof body.message === "string" && body.message ? body.message : null;
}
