import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  api,
  changeProposalReading,
  importBodySchema,
  rejectionSchema,
  type importQuery,
} from "../../domain/api";
import type { Endpoint } from "../../domain/api/shared";
import type { Action } from "../../domain/permissions";
import { editableKinds, type EditableKind } from "../../domain/datadesk/fields";
import { recordFieldsOf } from "../../domain/datadesk/record-fields";
import { storedDocumentWithSources } from "../../domain/datasets/record-sources";
import { requirePermission } from "../accounts/guards";
import type { SignedInUser } from "../accounts/sessions";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { deskProblem } from "../../domain/api/problems";
import { failure, HttpError } from "../http/errors";
import { acceptJsonBodies } from "../http/request-body";
import { translator, type Translate } from "../i18n/server-messages";
import { routeSchema, typedRoutes, type ContractReply, type ContractRequest } from "../openapi/route-schema";
import {
  DeskRefusal,
  REASON_MAX,
  writtenChangeView,
  findRecord,
  findRecords,
  listChanges,
  pendingSchools,
  problemValues,
  proposeChange,
  proposedChangesOf,
  publishChange,
  recordSummary,
  rejectChange,
  withdrawChange,
  type Problem,
} from "./change-store";
import { ImportProblems, importRowsPage, pageOfPlan, proposeImport } from "./import-store";
import { IMPORT_MAX_BYTES, ImportRefusal, type ImportPlan } from "../../domain/datadesk/school-import";

// The data desk under /api/v1/datadesk, editors and admins only:
//   GET  /records?kind=&q=&limit=        find records by name (version, last checked, proposed changes)
//   GET  /records/:kind/:id              a record, its fields as the form shows them, its proposed changes
//   POST /changes                        propose {kind, recordId|null, changeKind, fields, sourceUrl|sourceDocumentId, note, correctionId?, mergeInto?}
//   GET  /changes?status=&mine=&kind=&recordId=   the review queue, decided changes, one's own
//   POST /changes/:id/publish            another editor's change, in one transaction
//   POST /changes/:id/reject {reason}    another editor's change, with a reason its author reads
//   POST /changes/:id/withdraw           one's own proposed change
//   POST /imports?dryRun=1               schools from a CSV (schools.csv's columns): the rows' problems, the
//                                        additions and changes (a page of them: ?page=&per_page=); without
//                                        dryRun, one proposed change holding them
//   GET  /changes/:id/import-rows?page=&per_page=   an import's schools, a page at a time
// Every sentence is in the signed-in editor's language (their account's, the site's once signed in), from
// the `datadesk` catalogue; each problem also carries its key, so a form can word it itself.

export interface DataDeskDependencies {
  db: Database;
  now: Clock;
  /** PUBLIC_URL: the link in the e-mail to a correction's sender when a change from it is published. */
  publicUrl?: string;
}

/** A 2 MB file grows when written inside JSON (quotes and line breaks escaped). */
const IMPORT_BODY_LIMIT = IMPORT_MAX_BYTES * 2;

/** The caller, allowed to do `action`; with the catalogue of their language. */
async function editor(
  request: FastifyRequest,
  action: Action,
): Promise<{ user: SignedInUser; t: Translate }> {
  const user = await requirePermission(request, action);
  return { user, t: translator(user.language, "datadesk") };
}

/**
 * A query a route's schema refused (a route with `attachValidation`): the desk's own sentence when its
 * problem is one, worded for the editor like any refusal; any other as the schema refused it.
 */
function deskQueryRefusal(error: Error): Error {
  if (!(error instanceof HttpError)) return error;
  const { key, params } = error.problem;
  if (!key.startsWith("datadesk.message.")) return error;
  const messageKey = key.slice("datadesk.".length) as DeskRefusal["messageKey"];
  return new DeskRefusal(400, messageKey, {
    values: params as Record<string, string | number>,
    ...(error.field ? { field: error.field } : {}),
  });
}

/** A refusal worded for the reader: its sentence, and each problem's. */
function sendRefusal(
  reply: FastifyReply,
  t: Translate,
  kind: EditableKind | null,
  refusal: DeskRefusal,
  thisYear: number,
) {
  const { code, problems, conflicts, values, field } = refusal.details;
  const worded = problems?.map((problem: Problem) => {
    const params = problemValues(kind, problem, thisYear);
    return { field: problem.field, key: problem.key, params, message: t(`problem.${problem.key}`, params) };
  });
  const first = worded?.[0];
  const single = refusal.status === 400 && worded?.length === 1 && first;
  const messageParams = { max: 0, ...values };
  // The web app words the refusal from its problem in the page's language; `message` is the same sentence
  // in the editor's own language, for other clients.
  const message = single ? first.message : t(refusal.messageKey, messageParams);
  const said = single
    ? deskProblem(`datadesk.problem.${first.key}`, first.params)
    : deskProblem(`datadesk.${refusal.messageKey}`, messageParams);
  return reply.status(refusal.status).send({
    ...failure(refusal.status, message, {
      problem: said,
      code:
        code ??
        (refusal.status === 404
          ? "NOT_FOUND"
          : refusal.status === 403
            ? "FORBIDDEN"
            : refusal.status === 409
              ? "CONFLICT"
              : "VALIDATION_FAILED"),
    }),
    ...(first ? { field: first.field } : field ? { field } : {}),
    ...(worded ? { problems: worded } : {}),
    ...(conflicts ? { conflicts } : {}),
  });
}

const isKind = (value: string): value is EditableKind => (editableKinds as readonly string[]).includes(value);

const bodyOrEmpty = (body: unknown) => (body === undefined || body === null ? {} : body);

export function dataDeskRoutes({ db, now, publicUrl = "" }: DataDeskDependencies): FastifyPluginAsync {
  return async (plainScope) => {
    const scope = typedRoutes(plainScope);
    acceptJsonBodies(scope);

    /**
     * The desk reads its bodies itself, after the editor check: a refusal lists every problem, worded in
     * the editor's language from the desk's catalogue (sendRefusal).
     */
    const deskSchema = <const E extends Endpoint>(endpoint: E) =>
      routeSchema(endpoint, "read by the handler");

    /** Runs an endpoint's handler behind its permission; a DeskRefusal becomes its worded answer. */
    const answering =
      <E extends Endpoint, Answer>(
        _endpoint: E,
        action: Action,
        handler: (
          request: ContractRequest<E, "read by the handler">,
          reply: ContractReply<E, "read by the handler">,
          caller: { user: SignedInUser; t: Translate },
        ) => Promise<Answer>,
        kindOf: (request: ContractRequest<E, "read by the handler">) => EditableKind | null = () => null,
      ) =>
      async (
        request: ContractRequest<E, "read by the handler">,
        reply: ContractReply<E, "read by the handler">,
      ) => {
        const caller = await editor(request, action);
        reply.header("cache-control", "no-store");
        try {
          if (request.validationError) throw deskQueryRefusal(request.validationError);
          return await handler(request, reply, caller);
        } catch (error) {
          if (error instanceof DeskRefusal) {
            return sendRefusal(reply, caller.t, kindOf(request), error, now().getUTCFullYear());
          }
          throw error;
        }
      };

    scope.get(
      "/records",
      // Its query is validated, and a refusal answered after the editor check (answering), in their words.
      { schema: deskSchema(api.dataDesk.records), attachValidation: true },
      answering(api.dataDesk.records, "data:propose", async (request) => {
        const { kind, limit, q = "" } = request.query;
        const [found, pending] = await Promise.all([
          findRecords(db, kind, q, limit),
          kind === "school" ? pendingSchools(db, q, limit) : { total: 0, schools: [] },
        ]);
        return { success: true as const, ...found, pending };
      }),
    );

    scope.get(
      "/records/:kind/:id",
      { schema: deskSchema(api.dataDesk.record) },
      answering(api.dataDesk.record, "data:propose", async (request, _reply, { user }) => {
        const { kind, id } = request.params;
        if (!isKind(kind)) throw new DeskRefusal(404, "message.recordNotFound");
        const row = await findRecord(db, kind, id);
        if (!row) throw new DeskRefusal(404, "message.recordNotFound");
        const [summary, changes] = await Promise.all([
          recordSummary(db, kind, row),
          proposedChangesOf(db, kind, id, user.id),
        ]);
        return {
          success: true as const,
          record: {
            ...summary,
            data: storedDocumentWithSources(row.data),
            fields: recordFieldsOf(kind, row.data),
          },
          changes,
        };
      }),
    );

    scope.post(
      "/changes",
      { schema: deskSchema(api.dataDesk.propose) },
      answering(
        api.dataDesk.propose,
        "data:propose",
        async (request, reply, { user, t }) => {
          const parsed = changeProposalReading.safeParse(request.body);
          if (!parsed.success) {
            const field = String(parsed.error.issues[0]?.path[0] ?? "");
            throw new DeskRefusal(400, "message.problems", {
              code: "VALIDATION_FAILED",
              problems: [
                {
                  field,
                  key:
                    field === "note"
                      ? "noteMissing"
                      : field === "kind" || field === "changeKind"
                        ? "notForKind"
                        : "unreadable",
                },
              ],
            });
          }
          const body = parsed.data;
          const id = await proposeChange(
            db,
            {
              kind: body.kind,
              recordId: body.recordId,
              changeKind: body.changeKind,
              fields: body.fields ?? {},
              sourceUrl: body.sourceUrl ?? "",
              sourceTitle: body.sourceTitle ?? "",
              sourcePublisher: body.sourcePublisher ?? "",
              sourceRead: body.sourceRead ?? "",
              sourceDocumentId: body.sourceDocumentId ?? "",
              note: body.note,
              correctionId: body.correctionId ?? "",
              mergeInto: body.mergeInto ?? "",
            },
            user.id,
            now(),
          );
          const change = await writtenChangeView(db, id, user.id);
          reply.status(201);
          return { success: true as const, message: t("message.proposed"), change };
        },
        (request) => {
          const kind = (request.body as { kind?: unknown } | undefined)?.kind;
          return typeof kind === "string" && isKind(kind) ? kind : null;
        },
      ),
    );

    // The file itself may be the body (text/csv), as curl --data-binary @schools.csv sends it.
    scope.addContentTypeParser(
      ["text/csv", "text/plain"],
      { parseAs: "string", bodyLimit: IMPORT_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    scope.post(
      "/imports",
      // Its query is checked before the file is read (a wrong page costs no plan), and a refusal
      // answered after the editor check, in their words.
      {
        schema: deskSchema(api.dataDesk.importSchools),
        bodyLimit: IMPORT_BODY_LIMIT,
        attachValidation: true,
      },
      answering(api.dataDesk.importSchools, "data:propose", async (request, reply, { user, t }) => {
        const query = request.query;
        const { dryRun } = query;
        const rowsPage = { number: query.page, size: query.per_page };
        const thisYear = now().getUTCFullYear();
        const worded = (plan: ImportPlan) => ({
          rows: plan.rows,
          problems: plan.problems.map((problem) => {
            const params = problemValues(
              "school",
              {
                field: problem.field === null ? "" : `fields.${problem.field}`,
                key: problem.key,
                ...(problem.values ? { values: problem.values } : {}),
              },
              thisYear,
            );
            const message = t(`problem.${problem.key}`, params);
            return { row: problem.row, column: problem.column, key: problem.key, params, message };
          }),
          schools: pageOfPlan(plan, rowsPage),
          unchanged: plan.unchanged,
          ignoredColumns: plan.ignoredColumns,
        });
        try {
          const upload = importUpload(request.body, query);
          const { plan, changeId } = await proposeImport(db, upload, user.id, now(), dryRun);
          const counts = {
            rows: plan.rows,
            problems: plan.problems.length,
            additions: plan.additions.length,
            changes: plan.changes.length,
          };
          reply.status(dryRun ? 200 : 201);
          return {
            success: true as const,
            message: t(dryRun ? "import.checked" : "import.proposed", counts),
            dryRun,
            ...worded(plan),
            counts,
            change: changeId === null ? null : await writtenChangeView(db, changeId, user.id),
          };
        } catch (error) {
          if (error instanceof ImportRefusal) {
            const status = error.key === "tooLarge" || error.key === "tooManyRows" ? 413 : 400;
            return reply.status(status).send({
              ...failure(status, t(`importRefusal.${error.key}`, error.values), {
                problem: deskProblem(`datadesk.importRefusal.${error.key}`, error.values),
              }),
              refusal: error.key,
            });
          }
          if (error instanceof ImportProblems) {
            return reply.status(400).send({
              ...failure(400, t("import.hasProblems", { count: error.plan.problems.length }), {
                problem: deskProblem("datadesk.import.hasProblems", { count: error.plan.problems.length }),
              }),
              plan: worded(error.plan),
            });
          }
          throw error;
        }
      }),
    );

    scope.get(
      "/changes",
      // Its query is validated, and a refusal answered after the editor check (answering), in their words.
      { schema: deskSchema(api.dataDesk.changes), attachValidation: true },
      answering(api.dataDesk.changes, "data:propose", async (request, _reply, { user }) => {
        const { mine, kind = null, recordId, limit } = request.query;
        const status = request.query.status ?? (mine ? null : "proposed");
        const listed = await listChanges(
          db,
          { status, authorId: mine ? user.id : null, kind, recordId: recordId || null, limit },
          user.id,
        );
        return { success: true as const, ...listed };
      }),
    );

    scope.get(
      "/changes/:id/import-rows",
      { schema: deskSchema(api.dataDesk.importRows), attachValidation: true },
      answering(api.dataDesk.importRows, "data:propose", async (request) => {
        const { id } = request.params;
        const { page: number, per_page: size } = request.query;
        const page = await importRowsPage(db, id, { number, size });
        if (!page) throw new DeskRefusal(404, "message.importNotFound");
        return { success: true as const, import: page };
      }),
    );

    scope.post(
      "/changes/:id/publish",
      { schema: deskSchema(api.dataDesk.publish) },
      answering(api.dataDesk.publish, "data:publish", async (request, _reply, { user, t }) => {
        const { id } = request.params;
        const published = await publishChange(db, id, user.id, now(), publicUrl);
        const [change, record] = await Promise.all([
          writtenChangeView(db, published.change.id, user.id),
          published.record && recordSummary(db, published.change.kind as EditableKind, published.record),
        ]);
        return {
          success: true as const,
          message: t("message.published"),
          change,
          record,
          datasetVersion: published.datasetVersion,
          generation: published.generation,
        };
      }),
    );

    scope.post(
      "/changes/:id/reject",
      { schema: deskSchema(api.dataDesk.reject) },
      answering(api.dataDesk.reject, "data:publish", async (request, _reply, { user, t }) => {
        const { id } = request.params;
        const parsed = rejectionSchema
          .extend({ reason: z.string().catch("") })
          .parse(bodyOrEmpty(request.body));
        const reason = parsed.reason.replaceAll("\u0000", "").trim();
        if (reason === "" || reason.length > REASON_MAX) {
          throw new DeskRefusal(400, "message.problems", {
            code: "VALIDATION_FAILED",
            problems: [
              {
                field: "reason",
                key: reason === "" ? "reasonMissing" : "noteTooLong",
                values: { max: REASON_MAX },
              },
            ],
          });
        }
        await rejectChange(db, id, user.id, reason, now());
        return {
          success: true as const,
          message: t("message.rejected"),
          change: await writtenChangeView(db, id.toLowerCase(), user.id),
        };
      }),
    );

    scope.post(
      "/changes/:id/withdraw",
      { schema: deskSchema(api.dataDesk.withdraw) },
      answering(api.dataDesk.withdraw, "data:propose", async (request, _reply, { user, t }) => {
        const { id } = request.params;
        await withdrawChange(db, id, user.id, now());
        return {
          success: true as const,
          message: t("message.withdrawn"),
          change: await writtenChangeView(db, id.toLowerCase(), user.id),
        };
      }),
    );
  };
}

/** The file and the change's source and note: a JSON body {csv, …}, or the file as the body (query for the rest). */
function importUpload(body: unknown, query: z.output<typeof importQuery>) {
  if (typeof body === "string") {
    return {
      csv: body,
      sourceUrl: query.sourceUrl ?? "",
      sourceTitle: query.sourceTitle ?? "",
      sourcePublisher: query.sourcePublisher ?? "",
      sourceRead: query.sourceRead ?? "",
      sourceDocumentId: query.sourceDocumentId ?? "",
      note: query.note ?? "",
    };
  }
  const parsed = importBodySchema.safeParse(bodyOrEmpty(body));
  if (!parsed.success) throw new ImportRefusal("empty");
  return {
    csv: parsed.data.csv,
    sourceUrl: parsed.data.sourceUrl ?? "",
    sourceTitle: parsed.data.sourceTitle ?? "",
    sourcePublisher: parsed.data.sourcePublisher ?? "",
    sourceRead: parsed.data.sourceRead ?? "",
    sourceDocumentId: parsed.data.sourceDocumentId ?? "",
    note: parsed.data.note ?? "",
  };
}
