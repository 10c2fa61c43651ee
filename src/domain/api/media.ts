import { z } from "zod";
import { endpoint, failures, queryValue } from "./shared";

// GET /media/{id}: a report's photo or video, outside /api (docs/architecture.md), for those allowed to see it:
// through a signed link (?sig&exp&u, for <img> and <video>) or the bearer token.

export const mediaParams = z.object({ id: z.string().meta({ description: "The file's id (a UUID)." }) });

export const mediaQuery = z.object({
  sig: queryValue("The link's signature."),
  exp: queryValue("When the link expires (seconds since 1970)."),
  u: queryValue("The viewer the link was made for."),
  as: queryValue(
    "public: what the public is served (a moderator's preview): never a hidden file, a blurred photo's blurred copy.",
  ),
  w: queryValue(
    "A smaller WebP copy of a photo: 320, 640 or 1280 (the full photo while its copies are still being made).",
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
      ...failures(401, 403, 404),
    },
  }),
} as const;
