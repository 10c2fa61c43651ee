import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { accountMessages } from "../../domain/accounts/messages";
import { userRoles } from "../../domain/accounts/user";
import type { Clock } from "../clock";
import { requirePermission, requireUser } from "../accounts/guards";
import { publicUserJsonSchema } from "../accounts/public-user";
import { acceptJsonBodies, parseBody } from "../http/request-body";
import type { Database } from "../db/database";
import { HttpError } from "../http/errors";
import { listAuditEntries } from "./audit-entries";
import { roleMessages } from "./messages";
import { pageFrom, pageMeta, searchFrom, userListMeta } from "./paging";
import { changeRole } from "./role-change";
import { listUsers } from "./user-list";

// Role administration under /api/v1/roles (spec §6, §7; DESIGN §5), each route behind the permission
// table (src/domain/permissions.ts):
//   GET   /users?page=&per_page=&search=   users:list   a page of users, ordered by id
//   GET   /roles                           signed in    the roles there are
//   PATCH /update-role {userId, role}      roles:change another user's role; written to the audit log
//   GET   /audit?page=&per_page=           audit:read   the audit log, newest first
// Roles are read from the database on every request, so a change applies at the target's next request.

// The bench explains the users list's queries (bench/api/load.ts).
export { userListQueries } from "./user-list";

export interface RolesDependencies {
  db: Database;
  now: Clock;
}

const metaSchema = {
  type: "object",
  properties: {
    total: { type: "integer" },
    page: { type: "integer" },
    per_page: { type: "integer" },
    last_page: { type: "integer" },
  },
  required: ["total", "page", "per_page", "last_page"],
  additionalProperties: false,
} as const;

const answers = {
  users: {
    type: "object",
    properties: {
      success: { type: "boolean" },
      users: { type: "array", items: publicUserJsonSchema },
      meta: {
        ...metaSchema,
        properties: { ...metaSchema.properties, total_exact: { type: "boolean" } },
        required: [...metaSchema.required, "total_exact"],
      },
    },
    required: ["success", "users", "meta"],
  },
  roles: {
    type: "object",
    properties: { success: { type: "boolean" }, roles: { type: "array", items: { type: "string" } } },
    required: ["success", "roles"],
  },
  roleChanged: {
    type: "object",
    properties: { success: { type: "boolean" }, message: { type: "string" }, user: publicUserJsonSchema },
    required: ["success", "message", "user"],
  },
  audit: {
    type: "object",
    properties: {
      success: { type: "boolean" },
      entries: {
        type: "array",
        items: {
          type: "object",
          properties: {
            id: { type: "integer" },
            at: { type: "string" },
            actor: {
              type: ["object", "null"],
              properties: {
                id: { type: "integer" },
                firstname: { type: "string" },
                lastname: { type: "string" },
                email: { type: "string" },
              },
              required: ["id", "firstname", "lastname", "email"],
              additionalProperties: false,
            },
            action: { type: "string" },
            subjectType: { type: "string" },
            subjectId: { type: "string" },
            details: { type: "object", additionalProperties: true },
          },
          required: ["id", "at", "actor", "action", "subjectType", "subjectId", "details"],
          additionalProperties: false,
        },
      },
      meta: metaSchema,
    },
    required: ["success", "entries", "meta"],
  },
} as const;

const roleChangeSchema = z.object(
  {
    userId: z
      .number({ error: roleMessages.chooseUser })
      .int({ error: roleMessages.chooseUser })
      .positive({ error: roleMessages.chooseUser })
      .max(2_147_483_647, { error: roleMessages.chooseUser }),
    role: z.enum(userRoles, { error: roleMessages.unknownRole }),
  },
  { error: roleMessages.chooseUser },
);

interface ListQuery {
  Querystring: { page?: unknown; per_page?: unknown; search?: unknown };
}

export function roleRoutes({ db, now }: RolesDependencies): FastifyPluginAsync {
  return async (roles) => {
    acceptJsonBodies(roles);
    // Personal details of other people: never kept by a browser or a shared cache.
    roles.addHook("onSend", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });

    roles.get<ListQuery>("/users", { schema: { response: { 200: answers.users } } }, async (request) => {
      await requirePermission(request, "users:list");
      const page = pageFrom(request.query);
      const search = searchFrom(request.query.search);
      const { total, exact, users } = await listUsers(db, page, search);
      return { success: true, users, meta: userListMeta(total, exact, page) };
    });

    roles.get("/roles", { schema: { response: { 200: answers.roles } } }, async (request) => {
      await requireUser(request);
      return { success: true, roles: [...userRoles] };
    });

    roles.patch("/update-role", { schema: { response: { 200: answers.roleChanged } } }, async (request) => {
      const admin = await requirePermission(request, "roles:change");
      const { userId, role } = parseBody(roleChangeSchema, request.body);
      const change = await changeRole(db, { actorId: admin.id, userId, role, at: now() });
      switch (change.outcome) {
        case "changed":
        case "unchanged":
          return { success: true, message: roleMessages.roleUpdated, user: change.user };
        case "own-role":
          throw new HttpError(403, roleMessages.ownRole);
        case "unknown-user":
          throw new HttpError(404, roleMessages.unknownUser);
        case "last-admin":
          throw new HttpError(409, roleMessages.lastAdmin);
        case "actor-not-admin":
          throw new HttpError(403, accountMessages.notAllowed);
      }
    });

    roles.get<ListQuery>("/audit", { schema: { response: { 200: answers.audit } } }, async (request) => {
      await requirePermission(request, "audit:read");
      const page = pageFrom(request.query);
      const { total, entries } = await listAuditEntries(db, page);
      return { success: true, entries, meta: pageMeta(total, page) };
    });
  };
}
