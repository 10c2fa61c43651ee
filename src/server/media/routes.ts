import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { can } from "../../domain/permissions";
import { api } from "../../domain/api";
import { mediaMessages } from "../../domain/api/media";
import { reportServerMessages } from "../../domain/reports/report-rules";
import { notAllowed, requireUser } from "../accounts/guards";
import type { Database } from "../db/database";
import { eyewitnessReports, reportMedia, reportMediaVariants, users } from "../db/schema";
import { HttpError } from "../http/errors";
import { routeSchema, typedRoutes, type ContractRequest } from "../openapi/route-schema";
import { mediaVisibleTo, type MediaViewer } from "./media-access";
import { MEDIA_LINK_MAX_SECONDS, type MediaLinks } from "./media-links";
import { extensionOf } from "./media-types";
import type { MediaStore } from "./media-store";
import { sendStoredFile } from "./stored-file-reply";
import { LOWER_CASE_UUID } from "../../domain/uuid-shape";

// GET /media/{id}: a report's photo or video, outside /api (docs/architecture.md), for those allowed to see it.
// Proof of that is either a signed link (?sig&exp, for <img> and <video>) or the bearer token (fetch).
// Anyone else gets 404, the same answer as for a file that does not exist, so nothing is revealed.
// A bad or expired signature is a 403: it is checked without looking anything up (a link's part the
// server cannot have made is refused by the query's schema, src/domain/api/media.ts, with the same 403).
// GET /media/{id}?w=320 is one of a photo's smaller WebP copies (320, 640 or 1280 px on the long side),
// under the very same rules and links as the photo itself; a size the photo does not have is a 404.

export interface MediaDependencies {
  db: Database;
  storage: MediaStore;
  links: MediaLinks;
}

const { notFound: mediaNotFound, variantNotFound } = mediaMessages;
/** The longest a browser keeps a file fetched through a signed link (the links' longest life). */
const LINK_CACHE_SECONDS = MEDIA_LINK_MAX_SECONDS;

type MediaRequest = ContractRequest<typeof api.media.file>;

/** Whether the viewer may see a report's media as the reporter sent them. */
function seesAsSent(viewer: MediaViewer, reporterId: number | null): boolean {
  if (viewer.kind !== "user") return false;
  return viewer.user.id === reporterId || can(viewer.user.role, "media:read-any");
}

export function mediaRoutes({ db, storage, links }: MediaDependencies): FastifyPluginAsync {
  return async (plainScope) => {
    const scope = typedRoutes(plainScope);
    const viewerOf = async (request: MediaRequest): Promise<MediaViewer> => {
      const { sig, exp, u } = request.query;
      if (sig !== undefined || exp !== undefined || u !== undefined) {
        // A link lacking a part is no link the server made.
        if (sig === undefined || exp === undefined || u === undefined) throw notAllowed();
        const link = links.check(request.params.id, u, sig, exp);
        if (link.status === "expired") throw new HttpError(403, reportServerMessages.mediaLinkExpired);
        if (link.status === "invalid") throw notAllowed();
        // The link's viewer, with the role they have now: a role taken away ends their links at once.
        const [viewer] = await db
          .select({ id: users.id, role: users.role })
          .from(users)
          .where(eq(users.id, link.viewerId))
          .limit(1);
        return viewer ? { kind: "user", user: viewer } : { kind: "anonymous" };
      }
      if (request.headers.authorization) return { kind: "user", user: await requireUser(request) };
      return { kind: "anonymous" };
    };

    const sendMedia = async (request: MediaRequest, reply: FastifyReply) => {
      const { id } = request.params;
      const viewer = await viewerOf(request);

      const { w } = request.query;
      const [found] = await db
        .select({
          kind: reportMedia.kind,
          storageKey: reportMedia.storageKey,
          contentType: reportMedia.contentType,
          variantsDueAt: reportMedia.variantsDueAt,
          hidden: reportMedia.hidden,
          publicStorageKey: reportMedia.publicStorageKey,
          reporterId: eyewitnessReports.reporterId,
        })
        .from(reportMedia)
        .innerJoin(eyewitnessReports, eq(eyewitnessReports.id, reportMedia.reportId))
        .where(and(eq(reportMedia.id, id), mediaVisibleTo(viewer)))
        .limit(1);
      if (!found) throw new HttpError(404, mediaNotFound);
      // Moderators and the reporter see the photo as sent; everyone else (and a moderator's preview,
      // ?as=public) only what a moderator let through: never a hidden file, never the unblurred photo.
      const seesOriginal = request.query.as !== "public" && seesAsSent(viewer, found.reporterId);
      // A voice note is heard by moderators only: the public gets its transcript, never the voice.
      if (!seesOriginal && (found.hidden || found.kind === "audio")) throw new HttpError(404, mediaNotFound);
      const media = {
        ...found,
        storageKey: seesOriginal ? found.storageKey : (found.publicStorageKey ?? found.storageKey),
      };
      let file = {
        storageKey: media.storageKey,
        contentType: media.contentType,
        name: `${media.kind}-${id}`,
      };
      if (w !== undefined) {
        // Looked up only once the photo itself is known to be visible to this viewer.
        const [variant] = await db
          .select({ storageKey: reportMediaVariants.storageKey })
          .from(reportMediaVariants)
          .where(and(eq(reportMediaVariants.mediaId, id), eq(reportMediaVariants.size, w)))
          .limit(1);
        // Variants still to be made (media/photo-variants.ts): the full photo meanwhile, never a broken
        // image, and not kept by the browser, so the copy is fetched once it exists.
        if (!variant && media.variantsDueAt === null) throw new HttpError(404, variantNotFound);
        if (variant) {
          file = {
            storageKey: variant.storageKey,
            contentType: "image/webp",
            name: `${media.kind}-${id}-${w}`,
          };
        }
      }
      const fullPhotoForVariant = w !== undefined && file.storageKey === media.storageKey;
      const { exp } = request.query;
      const cacheSeconds =
        exp !== undefined && !fullPhotoForVariant ? Math.min(links.secondsLeft(exp), LINK_CACHE_SECONDS) : 0;
      // Sent from the media store only, with the type recorded at upload (not guessed from a name);
      // Range requests work, so a video can be played from any point.
      const sent = await sendStoredFile(request, reply, storage, file.storageKey, {
        "content-type": file.contentType,
        "content-disposition": `inline; filename="eyewitness-${file.name}.${extensionOf(file.contentType)}"`,
        "x-content-type-options": "nosniff",
        // Never run as a page, even if opened directly: no scripts, no plugins, no framing.
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
        "cache-control": cacheSeconds > 0 ? `private, max-age=${cacheSeconds}` : "private, no-cache",
      });
      if (!sent) {
        request.log.error({ mediaId: id }, `report media file is missing from ${storage.description}`);
        throw new HttpError(404, mediaNotFound);
      }
      return reply;
    };

    // HEAD by hand rather than Fastify's automatic one, which runs the GET and drains the file it opened
    // (and puts Content-Length 0 on an answer sent without a body): this one answers from the store's
    // metadata (stored-file-reply.ts). A HEAD route stays out of the OpenAPI document, as before.
    // An address that is no file's id is a 404 before its query is read, whatever the query holds.
    const fileId = async (request: FastifyRequest) => {
      const { id } = request.params as { id?: unknown };
      if (typeof id !== "string" || !LOWER_CASE_UUID.test(id)) throw new HttpError(404, mediaNotFound);
    };
    const schema = routeSchema(api.media.file);
    scope.get("/media/:id", { schema, exposeHeadRoute: false, preValidation: fileId }, sendMedia);
    scope.route({ method: "HEAD", url: "/media/:id", schema, preValidation: fileId, handler: sendMedia });
  };
}
