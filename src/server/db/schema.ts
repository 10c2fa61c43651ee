import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  json,
  jsonb,
} from "drizzle-orm/pg-core";
import {
  PHOTO_DESCRIPTION_MAX_LENGTH,
  commentTypes,
  reportStatuses,
} from "../../domain/reports/report-rules";
import { userRoles } from "../../domain/accounts/user";
import { correctionStatuses, correctionSubjects } from "../../domain/corrections/correction-rules";
import { PLACE_NAME_MAX_LENGTH, placePrecisions } from "../../domain/reports/report-place";
import { changeKinds, changeStatuses, recordKinds, recordStatuses } from "../../domain/datadesk/record-kinds";
import { phoneOccurredWhen, reportChannels } from "../../domain/reports/report-channels";

// PostgreSQL schema, identical on PGlite and a PostgreSQL server. Secrets (password hashes, token hashes)
// never sit in the users table, so a query for a user cannot carry them by accident.

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * What the user search looks in: "firstname lastname", then the e-mail, lowercased. A newline keeps the
 * name and the e-mail apart, so a search (whose spaces are collapsed) never matches across them.
 */
const userSearchText = sql`lower("firstname" || ' ' || "lastname" || chr(10) || "email")`;

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    firstname: text("firstname").notNull(),
    lastname: text("lastname").notNull(),
    role: text("role", { enum: userRoles }).notNull().default("user"),
    isVerified: boolean("is_verified").notNull().default(false),
    /**
     * The language of the account's e-mails (migration 0012): a catalogue folder's code
     * (src/i18n/catalogues), checked by the server; accounts from before languages are English.
     */
    language: text("language").notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The search text, stored (migration 0010): a search reads and re-checks it without rebuilding and
     * lowercasing the text of every candidate row, which was most of a search's cost.
     */
    searchText: text("search_text").notNull().generatedAlwaysAs(userSearchText),
  },
  (table) => [
    // One verified account per address, compared case-insensitively. Registrations of an address nobody
    // has verified yet are rows of their own (each with its names, password and link), so that no
    // registration can overwrite another; verifying one deletes the others (migration 0014).
    uniqueIndex("users_verified_email_lower_key")
      .on(sql`lower(${table.email})`)
      .where(sql`${table.isVerified}`),
    index("users_email_lower_idx").on(sql`lower(${table.email})`),
    // Substring search of the user list (roles page) stays fast at 100,000 users: a trigram index
    // (pg_trgm, loaded in PGlite too) on the stored search text.
    index("users_search_text_trgm_idx").using("gin", sql`${table.searchText} gin_trgm_ops`),
  ],
);

/**
 * How many rows `users` has, kept by statement triggers on users (migration 0004), so the roles page
 * shows the total without counting every user on every page. One row, id 1.
 */
export const userCount = pgTable(
  "user_count",
  {
    id: integer("id").primaryKey(),
    total: bigint("total", { mode: "number" }).notNull(),
  },
  (table) => [check("user_count_single_row", sql`${table.id} = 1`)],
);

export const passwords = pgTable("passwords", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  hash: text("hash").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp("idle_expires_at", { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp("absolute_expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("sessions_token_hash_key").on(table.tokenHash),
    index("sessions_user_idx").on(table.userId),
  ],
);

export const authTokens = pgTable(
  "auth_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify", "reset"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /**
     * Verify tokens: SHA-256 of the short-lived cookie set in the browser that registered. Only that
     * browser is signed in by the link alone; any other gives the password chosen at registration or
     * chooses a new one (pre-registration takeover).
     */
    browserHash: text("browser_hash"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("auth_tokens_token_hash_key").on(table.tokenHash),
    // One live token per user and purpose: a new request replaces the old one.
    uniqueIndex("auth_tokens_user_purpose_key").on(table.userId, table.purpose),
  ],
);

/** Browsers that have signed in to an account: failed sign-ins from elsewhere never lock them out. */
export const trustedDevices = pgTable(
  "trusted_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("trusted_devices_token_hash_key").on(table.tokenHash),
    index("trusted_devices_user_idx").on(table.userId),
  ],
);

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    // "sending": an attempt holds the row for a lease (nextAttemptAt); a row still "sending" once its lease
    // has ended belongs to an attempt that died.
    status: text("status", { enum: ["pending", "sending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** The Message-ID header, fixed before the first attempt and the same on every one. */
    messageId: text("message_id"),
    /**
     * How many times the whole message went to the SMTP server without the server's answer being
     * recorded (counted just before the data's final dot): copies that may have been delivered.
     */
    unansweredHandOvers: integer("unanswered_hand_overs").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [index("mail_outbox_due_idx").on(table.status, table.nextAttemptAt)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    details: jsonb("details").notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    index("audit_log_created_idx").on(table.createdAt),
    // A report's history (migration 0016).
    index("audit_log_subject_idx").on(table.subjectType, table.subjectId, table.createdAt),
  ],
);

// "audio": a voice note sent by WhatsApp (migration 0025), heard by moderators only, never published.
export const mediaKinds = ["photo", "video", "audio"] as const;

const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

export const eyewitnessReports = pgTable(
  "eyewitness_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Restrict: removing a reporter must also remove their media files, so it cannot happen by cascade.
    // Null for a report sent by phone: its reporter has no account, only a phone hash.
    reporterId: integer("reporter_id").references(() => users.id, { onDelete: "restrict" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    commentType: text("comment_type", { enum: commentTypes }).notNull(),
    comment: text("comment").notNull(),
    /**
     * What the public page, its link preview and open data show of the comment (migration 0016): the
     * comment as sent until a moderator redacts or edits it; the original stays for moderators only.
     * Empty by default: a row written without it publishes nothing of the comment rather than all of it.
     */
    publicComment: text("public_comment").notNull().default(""),
    /** When the reporter withdrew the report: it left public view then, and cannot be published again. */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    videoUrl: text("video_url"),
    /** The reporter's choice on the form: publish with their first name, or (the default) as "Anonymous". */
    showFirstName: boolean("show_first_name").notNull().default(false),
    // Where and when: null in reports sent before places were asked, set in every later one.
    /** Id in data/states.json, 1-37. */
    stateId: integer("state_id"),
    /** As data/lgas.json spells it. */
    lga: text("lga"),
    /** The town or place name the reporter typed; null when none. */
    placeName: text("place_name"),
    occurredOn: date("occurred_on", { mode: "string" }),
    /** How much of the place the published report shows; moderators and the reporter always see all. */
    placePrecision: text("place_precision", { enum: placePrecisions }).notNull().default("state"),
    /** The reporter confirmed the people in the photos or video agreed, or cannot be identified. */
    peopleConsent: boolean("people_consent").notNull().default(false),
    status: text("status", { enum: reportStatuses }).notNull().default("pending"),
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewNote: text("review_note"),
    /**
     * The key the reporter's device gave this submission (the Idempotency-Key header): a retry after a
     * lost answer finds the report it already made instead of making a second. Null when none was sent.
     */
    idempotencyKey: text("idempotency_key"),
    /** Where it came from: the web form, or a phone (src/server/channels). */
    channel: text("channel", { enum: reportChannels }).notNull().default("web"),
    /** A phone report's keyed hash of the number (HMAC-SHA-256, hex): links repeat reports, never reversed. */
    phoneHash: text("phone_hash"),
    /** The language the phone reporter chose: the replies are written in it. */
    replyLanguage: text("reply_language"),
    /** The number, encrypted (AES-256-GCM), only until the decision's reply is sent; then null. */
    replyTo: text("reply_to"),
    /** When it happened as a phone reporter answered; the date is the moderator's to confirm. */
    occurredWhen: text("occurred_when", { enum: phoneOccurredWhen }),
    /**
     * A phone report whose state, LGA, type or date a moderator must complete before it is published
     * (an SMS is free text; "this week" or "earlier" is no date).
     */
    detailsDue: boolean("details_due").notNull().default(false),
    /**
     * A moderator's transcript of the report's voice notes (migration 0025): required before a report
     * with a voice note is published, and what the public page shows instead of the audio.
     */
    transcript: text("transcript"),
    createdAt: createdAt(),
  },
  (table) => [
    // "My reports", newest first; and the review queue, oldest pending first.
    index("eyewitness_reports_reporter_idx").on(table.reporterId, table.createdAt.desc()),
    // One report per key and reporter: two keys alike from two reporters never meet.
    uniqueIndex("eyewitness_reports_idempotency_key").on(table.reporterId, table.idempotencyKey),
    index("eyewitness_reports_status_idx").on(table.status, table.createdAt),
    // Decided reports, latest decision first: the verified and rejected lists, and the public page.
    index("eyewitness_reports_decided_idx").on(table.status, table.reviewedAt.desc(), table.id.desc()),
    // The published list of one state, latest decision first, and the verified counts by state.
    index("eyewitness_reports_state_idx").on(
      table.status,
      table.stateId,
      table.reviewedAt.desc().nullsLast(),
      table.id.desc(),
    ),
    check("eyewitness_reports_comment_type_check", sql`${table.commentType} in (${sqlList(commentTypes)})`),
    check("eyewitness_reports_status_check", sql`${table.status} in (${sqlList(reportStatuses)})`),
    check("eyewitness_reports_channel_check", sql`${table.channel} in (${sqlList(reportChannels)})`),
    // A web report has an account; a phone report has a phone hash instead.
    check(
      "eyewitness_reports_reporter_check",
      sql`(${table.channel} = 'web') = (${table.reporterId} is not null) and (${table.channel} = 'web') = (${table.phoneHash} is null)`,
    ),
    check("eyewitness_reports_state_id_check", sql`${table.stateId} between 1 and 37`),
    check(
      "eyewitness_reports_place_precision_check",
      sql`${table.placePrecision} in (${sqlList(placePrecisions)})`,
    ),
    // A place is whole or absent: state, LGA and date together; a published place name needs one.
    check(
      "eyewitness_reports_place_check",
      sql`(${table.stateId} is null) = (${table.lga} is null) and (${table.stateId} is null) = (${table.occurredOn} is null) and (${table.placePrecision} <> 'place' or ${table.placeName} is not null)`,
    ),
    check(
      "eyewitness_reports_place_name_length_check",
      sql`char_length(${table.placeName}) <= ${sql.raw(String(PLACE_NAME_MAX_LENGTH))}`,
    ),
  ],
);

export const reportMedia = pgTable(
  "report_media",
  {
    // Also names the stored file, so a file on disk can be traced to its row.
    id: uuid("id").primaryKey(),
    reportId: uuid("report_id")
      .notNull()
      .references(() => eyewitnessReports.id, { onDelete: "cascade" }),
    /** Order in which the reporter attached the files. */
    position: integer("position").notNull(),
    kind: text("kind", { enum: mediaKinds }).notNull(),
    /** Path under UPLOADS_DIR. */
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    /** The reporter's description of a photo, its text alternative; null when none was given. */
    description: text("description"),
    /** A photo's size in pixels (migration 0009); null for a video and for photos stored before it. */
    width: integer("width"),
    height: integer("height"),
    /**
     * When a photo's WebP variants are next to be made (migration 0011): they are made after the report
     * is answered, in the background (media/photo-variants.ts). Null once they are made or given up, and
     * for a video; a claimed row's is moved forward by a lease, so a crashed worker's photo comes back.
     */
    variantsDueAt: timestamp("variants_due_at", { withTimezone: true }),
    /** Attempts at making the variants so far; they are given up after a few. */
    variantAttempts: integer("variant_attempts").notNull().default(0),
    /** A moderator hid the photo or video from the public (migration 0016); moderators still see it. */
    hidden: boolean("hidden").notNull().default(false),
    /** Rectangles a moderator blurred, as fractions of the photo ({x, y, w, h}); null when none. */
    blurs: jsonb("blurs"),
    /**
     * The blurred copy of the photo, served to the public instead of the photo itself (whose variants are
     * made from the copy too); null when nothing is blurred.
     */
    publicStorageKey: text("public_storage_key"),
    createdAt: createdAt(),
  },
  (table) => [
    index("report_media_variants_due_idx")
      .on(table.variantsDueAt)
      .where(sql`${table.variantsDueAt} is not null`),
    uniqueIndex("report_media_report_position_key").on(table.reportId, table.position),
    uniqueIndex("report_media_storage_key_key").on(table.storageKey),
    check("report_media_kind_check", sql`${table.kind} in (${sqlList(mediaKinds)})`),
    check(
      "report_media_description_length_check",
      sql`char_length(${table.description}) <= ${sql.raw(String(PHOTO_DESCRIPTION_MAX_LENGTH))}`,
    ),
  ],
);

/**
 * Smaller WebP copies of a photo (migration 0009), made once, soon after it is stored: at most 320, 640 and 1280
 * pixels on the long side, only those smaller than the photo. Each is a stored file of its own, named by
 * its row (the orphan sweep keeps it) and removed with the photo's row.
 */
export const reportMediaVariants = pgTable(
  "report_media_variants",
  {
    mediaId: uuid("media_id")
      .notNull()
      .references(() => reportMedia.id, { onDelete: "cascade" }),
    /** The bound on the long side it was made for (320, 640 or 1280); its own size is width × height. */
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Path under UPLOADS_DIR. */
    storageKey: text("storage_key").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.mediaId, table.size] }),
    uniqueIndex("report_media_variants_storage_key_key").on(table.storageKey),
  ],
);

/**
 * "Suggest a correction" on a state or school page (migration 0007), or to a draft translation (0013):
 * anonymous unless the sender was signed in; moderators and admins accept or dismiss each one.
 */
export const corrections = pgTable(
  "corrections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject", { enum: correctionSubjects }).notNull(),
    /** The state's or school's id; null for a translation (migration 0013). */
    subjectId: integer("subject_id"),
    /** A translation's language code and the page with the mistake; null for a state or school. */
    language: text("language"),
    page: text("page"),
    whatIsWrong: text("what_is_wrong").notNull(),
    sourceUrl: text("source_url"),
    email: text("email"),
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: correctionStatuses }).notNull().default("new"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * The language of the page the correction was sent from, so the sender hears back in it;
     * null for corrections sent before this column.
     */
    senderLanguage: text("sender_language"),
    /**
     * The published data desk change that came from this correction. Set once, by the first
     * publication: the sender's e-mail is queued with it, so a second change from the same correction sends
     * nothing more.
     */
    changeId: uuid("change_id").references((): AnyPgColumn => dataChanges.id, { onDelete: "set null" }),
  },
  (table) => [
    // The queue: one status, oldest first.
    index("corrections_status_idx").on(table.status, table.createdAt),
    check("corrections_subject_check", sql`${table.subject} in (${sqlList(correctionSubjects)})`),
    check("corrections_status_check", sql`${table.status} in (${sqlList(correctionStatuses)})`),
    check("corrections_what_is_wrong_length_check", sql`char_length(${table.whatIsWrong}) <= 2000`),
    // A record has an id; a translation has a language and a page instead.
    check(
      "corrections_subject_fields_check",
      sql`case when ${table.subject} = 'translation' then ${table.subjectId} is null and ${table.language} is not null and ${table.page} is not null else ${table.subjectId} is not null and ${table.language} is null and ${table.page} is null end`,
    ),
    check("corrections_page_length_check", sql`char_length(${table.page}) <= 500`),
  ],
);

/**
 * The data desk (migration 0018): every state, school, national estimate and the country record, as the
 * JSON document the public pages and open data read (the shapes of src/domain/datasets/schemas.ts, so a
 * seeded database says exactly what data/*.json says). `version` counts the record's publications.
 */
export const dataRecords = pgTable(
  "data_records",
  {
    kind: text("kind", { enum: recordKinds }).notNull(),
    id: text("id").notNull(),
    version: integer("version").notNull(),
    // json, not jsonb: jsonb reorders an object's keys, and the downloads must say what data/*.json says
    // byte for byte (an estimate's breakdowns are JSON text in estimates.csv).
    data: json("data").notNull(),
    status: text("status", { enum: recordStatuses }).notNull().default("open"),
    /** The record a merged school now lives in. */
    mergedInto: text("merged_into"),
    /** When an editor last published a change or "checked, nothing changed" (the seed: its as_of). */
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    check("data_records_kind_check", sql`${table.kind} in (${sqlList(recordKinds)})`),
    check("data_records_status_check", sql`${table.status} in (${sqlList(recordStatuses)})`),
  ],
);

/**
 * Every published version of every record, the seed's included (version 1, no change). `datasetVersion`
 * is the version of the record's dataset that the publication made: the dataset as of version N is, for
 * each record, its newest version whose datasetVersion is at most N.
 */
export const dataRecordVersions = pgTable(
  "data_record_versions",
  {
    kind: text("kind", { enum: recordKinds }).notNull(),
    recordId: text("record_id").notNull(),
    version: integer("version").notNull(),
    // json, not jsonb: jsonb reorders an object's keys, and the downloads must say what data/*.json says
    // byte for byte (an estimate's breakdowns are JSON text in estimates.csv).
    data: json("data").notNull(),
    status: text("status", { enum: recordStatuses }).notNull(),
    datasetVersion: integer("dataset_version").notNull(),
    changeId: uuid("change_id").references(() => dataChanges.id, { onDelete: "restrict" }),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.recordId, table.version] }),
    index("data_record_versions_dataset_idx").on(table.kind, table.datasetVersion),
  ],
);

/**
 * A change an editor proposes and another editor or an admin publishes or rejects. `fields` lists each
 * changed field as {field, from, to} (`from` as the record had it when proposed: publishing compares it
 * with the record's value now, and answers 409 when another publication changed it meanwhile).
 */
export const dataChanges = pgTable(
  "data_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: recordKinds }).notNull(),
    /** Null until published for a change that adds a record. */
    recordId: text("record_id"),
    changeKind: text("change_kind", { enum: changeKinds }).notNull(),
    /** The record's version the change was proposed against (null for an addition). */
    baseVersion: integer("base_version"),
    fields: jsonb("fields").notNull(),
    sourceUrl: text("source_url"),
    /**
     * With an address: its title, publisher and the day it was read (migration 0027). Null for an
     * uploaded document alone, and for changes proposed before; those are named as the address tells.
     */
    sourceTitle: text("source_title"),
    sourcePublisher: text("source_publisher"),
    sourceRead: date("source_read", { mode: "string" }),
    sourceDocumentId: uuid("source_document_id").references(() => dataDocuments.id, {
      onDelete: "restrict",
    }),
    note: text("note").notNull(),
    status: text("status", { enum: changeStatuses }).notNull().default("proposed"),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** Why it was rejected (shown to its author). */
    reason: text("reason"),
    /** A merge: the school the duplicate (recordId) is merged into (migration 0019). */
    mergeInto: text("merge_into"),
    /** The visitor's correction this change came from (accepted when it is published). */
    correctionId: uuid("correction_id").references(() => corrections.id, { onDelete: "set null" }),
    /**
     * An import (changeKind "import", recordId null): each school it adds or changes, {row, recordId,
     * baseVersion, name, state, fields} (src/domain/datadesk/school-import.ts). Null for other changes.
     */
    importRows: jsonb("import_rows"),
    /** A school's part of a published import: the import it belongs to (its history names the import). */
    importId: uuid("import_id").references((): AnyPgColumn => dataChanges.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("data_changes_import_idx").on(table.importId),
    index("data_changes_status_idx").on(table.status, table.createdAt),
    index("data_changes_record_idx").on(table.kind, table.recordId, table.createdAt),
    check("data_changes_kind_check", sql`${table.kind} in (${sqlList(recordKinds)})`),
    check("data_changes_change_kind_check", sql`${table.changeKind} in (${sqlList(changeKinds)})`),
    check("data_changes_status_check", sql`${table.status} in (${sqlList(changeStatuses)})`),
    // Every change has a source: an address or an uploaded document.
    check(
      "data_changes_source_check",
      sql`${table.sourceUrl} is not null or ${table.sourceDocumentId} is not null`,
    ),
    check("data_changes_note_length_check", sql`char_length(${table.note}) between 1 and 2000`),
  ],
);

/** Each dataset's versions: one row per publication that touched it (version 1: the seed). */
export const datasetVersions = pgTable(
  "dataset_versions",
  {
    dataset: text("dataset").notNull(),
    version: integer("version").notNull(),
    changeId: uuid("change_id").references(() => dataChanges.id, { onDelete: "restrict" }),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.dataset, table.version] })],
);

/**
 * The data's generation: raised by every publication in the same transaction, and announced with
 * `NOTIFY data_published`. Each instance keeps its rendered pages until the generation moves (it listens,
 * and polls as a safety net).
 */
export const dataGeneration = pgTable(
  "data_generation",
  {
    id: integer("id").primaryKey().default(1),
    generation: bigint("generation", { mode: "number" }).notNull().default(1),
  },
  (table) => [check("data_generation_one_row_check", sql`${table.id} = 1`)],
);

/** PDFs editors upload (laws, the national policy, the SDIR report), stored in the media store. */
export const dataDocuments = pgTable("data_documents", {
  id: uuid("id").primaryKey().defaultRandom(),
  title: text("title").notNull(),
  publisher: text("publisher").notNull(),
  /** The document's own date. */
  publishedOn: date("published_on"),
  licence: text("licence").notNull(),
  sourceUrl: text("source_url"),
  storageKey: text("storage_key").notNull(),
  /** The name in its public address (/documents/{id}/{fileName}) and its download, made from the title. */
  fileName: text("file_name").notNull(),
  /** Decided by the content at upload (only PDF is accepted). */
  contentType: text("content_type").notNull().default("application/pdf"),
  bytes: integer("bytes").notNull(),
  sha256: text("sha256").notNull(),
  uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * Every message a channel's provider delivered, by its own id: a replayed callback (the provider's retry,
 * or someone repeating a captured one) finds its row and makes nothing twice. Also what the limits per
 * phone and per provider count. The text itself is not kept here: it is in the report, or was only help.
 */
export const channelMessages = pgTable(
  "channel_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    channel: text("channel", { enum: reportChannels }).notNull(),
    providerMessageId: text("provider_message_id").notNull(),
    phoneHash: text("phone_hash").notNull(),
    /** The report it made, if it made one. */
    reportId: uuid("report_id").references(() => eyewitnessReports.id, { onDelete: "set null" }),
    /** What the intake did with it: a report, a help reply, an opt-out, or refused over a limit. */
    outcome: text("outcome", { enum: ["report", "help", "stop", "limited", "ignored", "joined"] }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("channel_messages_provider_id").on(table.provider, table.providerMessageId),
    index("channel_messages_phone_idx").on(table.phoneHash, table.receivedAt),
    index("channel_messages_provider_idx").on(table.provider, table.receivedAt),
  ],
);

/** Numbers that sent STOP: nothing more is sent to them (until they send a report again). */
export const channelOptOuts = pgTable("channel_opt_outs", {
  phoneHash: text("phone_hash").primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull(),
});

/**
 * A USSD session's answers so far, kept server-side by the provider's session id (the phone shows one
 * screen at a time and sends every answer again, joined by "*"). Deleted when the session ends.
 */
export const ussdSessions = pgTable(
  "ussd_sessions",
  {
    provider: text("provider").notNull(),
    sessionId: text("session_id").notNull(),
    phoneHash: text("phone_hash").notNull(),
    /** The flow's answers and where it stands (channels/ussd-flow.ts). */
    state: jsonb("state").notNull(),
    /** How much of the provider's joined text the answers so far used. */
    consumed: integer("consumed").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.sessionId] }),
    index("ussd_sessions_updated_idx").on(table.updatedAt),
  ],
);

/**
 * Replies to phone reporters, sent by a worker like mail (mail/outbox.ts): retried with backoff, one row
 * per reply (the dedupe key), surviving a restart. The number is encrypted and removed once the row is
 * sent or given up.
 */
/** What a decision's reply to a phone reporter says, apart from its wording. */
export interface DecisionParts {
  outcome: "published" | "notPublished";
  /** The reporter's language. */
  language: string;
  reference: string;
  /** The published report's address, in the reporter's language. */
  link?: string | undefined;
  /** The moderator's note, when a report was not published and a note was written. */
  reason?: string | undefined;
}

export const channelOutbox = pgTable(
  "channel_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One reply per purpose: "receipt:<report>", "decision:<report>", "help:<provider>:<message>". */
    dedupeKey: text("dedupe_key").notNull(),
    provider: text("provider").notNull(),
    channel: text("channel", { enum: reportChannels }).notNull(),
    phoneHash: text("phone_hash").notNull(),
    /** The number, encrypted; null once sent or given up. */
    recipient: text("recipient"),
    body: text("body").notNull(),
    /**
     * A decision's reply in parts (outcome, language, reference, link, reason), for WhatsApp, which
     * sends it as an approved template once its 24-hour window has closed (migration 0026).
     */
    decision: jsonb("decision").$type<DecisionParts>(),
    reportId: uuid("report_id").references(() => eyewitnessReports.id, { onDelete: "set null" }),
    /** The decision's reply: once sent, the report's own encrypted number is removed too. */
    isDecision: boolean("is_decision").notNull().default(false),
    status: text("status", { enum: ["pending", "sending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("channel_outbox_dedupe_key").on(table.dedupeKey),
    index("channel_outbox_due_idx").on(table.status, table.nextAttemptAt),
  ],
);
