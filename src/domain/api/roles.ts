import { z } from "zod";
import { userRoles } from "../accounts/user";
import {
  endpoint,
  failures,
  messageAnswerSchema,
  pageMetaSchema,
  publicUserSchema,
  userRoleSchema,
} from "./shared";
import { pagingQuery, singleTextParam } from "./query-schemas";

// Role administration under /api/v1/roles (docs/api.md).

const tag = "Roles";

/** The sentences of a role change's body, shared by the server and the contract. */
export const roleChangeMessages = {
  chooseUser: "Please say whose role to change: userId must be the id of a user.",
  unknownRole: `That is not a role. Choose one of: ${userRoles.join(", ")}.`,
} as const;

export const roleChangeSchema = z.object(
  {
    userId: z
      .number({ error: roleChangeMessages.chooseUser })
      .int({ error: roleChangeMessages.chooseUser })
      .positive({ error: roleChangeMessages.chooseUser })
      .max(2_147_483_647, { error: roleChangeMessages.chooseUser }),
    role: z.enum(userRoles, { error: roleChangeMessages.unknownRole }),
  },
  { error: roleChangeMessages.chooseUser },
);
export type RoleChange = z.infer<typeof roleChangeSchema>;

export const USERS_PER_PAGE = 50;
export const MAX_USERS_PER_PAGE = 100;
export const SEARCH_MAX_LENGTH = 200;

/** The sentences of the roles lists' query, shared by the server and the contract. */
export const roleListMessages = {
  pageProblem: "The page must be a whole number of 1 or more.",
  perPageProblem: `per_page must be a whole number from 1 to ${MAX_USERS_PER_PAGE}.`,
  searchProblem: `The search must be text of at most ${SEARCH_MAX_LENGTH} characters.`,
} as const;

/** ?page=&per_page= of the users list and the audit log. */
const rolesPaging = pagingQuery({
  defaultSize: USERS_PER_PAGE,
  maxSize: MAX_USERS_PER_PAGE,
  pageProblem: roleListMessages.pageProblem,
  perPageProblem: roleListMessages.perPageProblem,
});

export const usersQuery = z.object({
  ...rolesPaging,
  search: singleTextParam(
    { maxLength: SEARCH_MAX_LENGTH, description: "Part of a name or e-mail address." },
    roleListMessages.searchProblem,
  ),
});

export const usersAnswerSchema = z.object({
  success: z.literal(true),
  users: z.array(publicUserSchema),
  meta: pageMetaSchema.extend({
    total_exact: z.boolean().meta({
      description:
        "False when a search matches more users than `total`: its matches are not counted past the page, and at least one more page follows.",
    }),
  }),
});
export type UsersAnswer = z.infer<typeof usersAnswerSchema>;

export const rolesAnswerSchema = z.object({ success: z.literal(true), roles: z.array(userRoleSchema) });
export type RolesAnswer = z.infer<typeof rolesAnswerSchema>;

export const roleChangedAnswerSchema = messageAnswerSchema.extend({ user: publicUserSchema });
export type RoleChangedAnswer = z.infer<typeof roleChangedAnswerSchema>;

export const auditEntrySchema = z
  .object({
    id: z.int(),
    at: z.string(),
    actor: z
      .object({ id: z.int(), firstname: z.string(), lastname: z.string(), email: z.string() })
      .nullable()
      .meta({ description: "Null once that account is gone, or for the system and command-line tools." }),
    action: z.string(),
    subjectType: z.string(),
    subjectId: z.string(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "AuditEntry" });

export const auditAnswerSchema = z.object({
  success: z.literal(true),
  entries: z.array(auditEntrySchema),
  meta: pageMetaSchema,
});
export type AuditAnswer = z.infer<typeof auditAnswerSchema>;

export const rolesApi = {
  users: endpoint({
    method: "GET",
    path: "/api/v1/roles/users",
    tag,
    summary: "A page of users, ordered by id.",
    access: "users:list",
    querystring: usersQuery,
    response: { 200: usersAnswerSchema, ...failures(400, 401, 403) },
  }),
  roles: endpoint({
    method: "GET",
    path: "/api/v1/roles/roles",
    tag,
    summary: "The roles there are.",
    access: "signed-in",
    response: { 200: rolesAnswerSchema, ...failures(401) },
  }),
  updateRole: endpoint({
    method: "PATCH",
    path: "/api/v1/roles/update-role",
    tag,
    summary: "Change another user's role; written to the audit log.",
    access: "roles:change",
    body: roleChangeSchema,
    response: { 200: roleChangedAnswerSchema, ...failures(400, 401, 403, 404, 409, 413, 415) },
  }),
  audit: endpoint({
    method: "GET",
    path: "/api/v1/roles/audit",
    tag,
    summary: "The audit log, newest first.",
    access: "audit:read",
    querystring: z.object(rolesPaging),
    response: { 200: auditAnswerSchema, ...failures(400, 401, 403) },
  }),
} as const;
