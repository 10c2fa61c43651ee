import { z } from "zod";
import { accountMessages } from "../accounts/messages";
import { codeProblem, problem } from "./problems";
import { choiceParam, queryParameter, type ParameterRefusal } from "./query-schemas";
import { endpoint, failures } from "./shared";

/** What the media address answers, in English for API clients (the web app says it from the problem). */
export const mediaMessages = {
  notFound: "This photograph or video does not exist, or you cannot see it.",
  variantNotFound:
    "This photograph has no copy of that size. Sizes offered are listed with the photograph; open it without the w parameter for the full photo.",
} as const;

// GET /media/{id}: a report's photo or video, outside /api (docs/architecture.md), for those allowed to see it:
// through a signed link (?sig&exp&u, for <img> and <video>) or the bearer token.

export const mediaParams = z.object({ id: z.string().meta({ description: "The file's id (a UUID)." }) });

/** A part of a signed link that is not one the server makes: the link is refused, as a forged one is. */
const forgedLink: ParameterRefusal = {
  message: accountMessages.notAllowed,
  problem: problem("account.notAllowed"),
  status: 403,
};

/** A part of a signed link: given empty or repeated, it is no link the server made either. */
const linkPart = <Documented extends z.ZodType>(
  documented: Documented,
  read: (text: string) => z.output<Documented> | undefined,
) => queryParameter(documented, read, forgedLink, { emptyIsAValue: true });

const digits = (most: number) => (text: string) =>
  new RegExp(`^\\d{1,${most}}$`).test(text) ? Number(text) : undefined;

/** The signature's shape: an HMAC-SHA256 in base64url, without padding. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The signed link's parts (all three, or none), a moderator's preview and a photo's smaller copy. A part
 * of a link that the server cannot have made is a 403, as a link whose signature does not match; a size
 * that is not a whole number a 404, as a size the photo does not have.
 */
export const mediaQuery = z.object({
  sig: linkPart(
    z.string().regex(SIGNATURE).optional().meta({ description: "The link's signature." }),
    (text) => (SIGNATURE.test(text) ? text : undefined),
  ),
  exp: linkPart(
    z.int().min(0).max(999_999_999_999).optional().meta({
      description: "When the link expires (seconds since 1970).",
    }),
    digits(12),
  ),
  u: linkPart(
    z.int().min(0).max(9_999_999_999).optional().meta({ description: "The viewer the link was made for." }),
    digits(10),
  ),
  as: choiceParam(
    ["public"],
    {
      description:
        "public: what the public is served (a moderator's preview): never a hidden file, a blurred photo's blurred copy.",
    },
    "The parameter as may only be public: what the public is served.",
  ),
  w: queryParameter(
    z.int().min(1).max(99_999).optional().meta({
      description:
        "A smaller WebP copy of a photo: 320, 640 or 1280 (the full photo while its copies are still being made). 404 for a size the photo does not have.",
    }),
    (text) => (/^[1-9]\d{0,4}$/.test(text) ? Number(text) : undefined),
    { message: mediaMessages.variantNotFound, problem: codeProblem("NOT_FOUND"), status: 404 },
    { emptyIsAValue: true },
  ),
});

const file = z.string().meta({ format: "binary" });

export const mediaApi = {
  file: endpoint({
    method: "GET",
    path: "/media/:id",
    tag: "Media",
    summary: "A photo or video of a report (Range requests work); 404 for anyone who may not see it.",
    access: "anyone with a signed link, or a signed-in viewer allowed to see it",
    params: mediaParams,
    querystring: mediaQuery,
    response: {
      200: {
        description: "The file, with the type recorded at upload.",
        content: { "image/*": { schema: file }, "video/*": { schema: file } },
      },
      206: { description: "Part of the file.", content: { "video/*": { schema: file } } },
      ...failures(400, 401, 403, 404),
    },
  }),
} as const;
