import type { FastifyPluginAsync } from "fastify";
import { problem } from "../../domain/api/problems";
import { userRoles } from "../../domain/accounts/user";
import { api } from "../../domain/api";
import type { Clock } from "../clock";
import { notAllowed, permitted, requirePermission, requireUser } from "../accounts/guards";
import { acceptJsonBodies } from "../http/request-body";
import type { Database } from "../db/database";
import { HttpError } from "../http/errors";
import { routeSchema, typedRoutes } from "../openapi/route-schema";
import { listAuditEntries } from "./audit-entries";
import { roleMessages } from "./messages";
import { pageMeta, pageOf } from "../http/paging";
import { searchFrom, userListMeta } from "./paging";
import { changeRole } from "./role-change";
import { listUsers } from "./user-list";

// Role administration under /api/v1/roles (docs/api.md), each route behind the permission
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

export function roleRoutes({ db, now }: RolesDependencies): FastifyPluginAsync {
  return async (scope) => {
    const roles = typedRoutes(scope);
    acceptJsonBodies(roles);
    // Personal details of other people: never kept by a browser or a shared cache.
    roles.addHook("onSend", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });

    const users = { schema: routeSchema(api.roles.users), preValidation: permitted("users:list") };
    roles.get("/users", users, async (request) => {
      const page = pageOf(request.query);
      const search = searchFrom(request.query.search);
      const { total, exact, users } = await listUsers(db, page, search);
      return { success: true as const, users, meta: userListMeta(total, exact, page) };
    });

    roles.get("/roles", { schema: routeSchema(api.roles.roles) }, async (request) => {
      await requireUser(request);
      return { success: true as const, roles: [...userRoles] };
    });

    roles.patch(
      "/update-role",
      { schema: routeSchema(api.roles.updateRole), preValidation: permitted("roles:change") },
      async (request) => {
        const admin = await requirePermission(request, "roles:change");
        const { userId, role } = request.body;
        const change = await changeRole(db, { actorId: admin.id, userId, role, at: now() });
        switch (change.outcome) {
          case "changed":
          case "unchanged":
            return { success: true as const, message: roleMessages.roleUpdated, user: change.user };
          case "own-role":
            throw new HttpError(403, roleMessages.ownRole, { problem: problem("roles.ownRole") });
          case "unknown-user":
            throw new HttpError(404, roleMessages.unknownUser, { problem: problem("roles.unknownUser") });
          case "last-admin":
            throw new HttpError(409, roleMessages.lastAdmin, { problem: problem("roles.lastAdmin") });
          case "actor-not-admin":
            throw notAllowed();
        }
      },
    );

    const audit = { schema: routeSchema(api.roles.audit), preValidation: permitted("audit:read") };
    roles.get("/audit", audit, async (request) => {
      const page = pageOf(request.query);
      const { total, entries } = await listAuditEntries(db, page);
      return { success: true as const, entries, meta: pageMeta(total, page) };
    });
  };
}
