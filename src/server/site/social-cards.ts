import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import sharp from "sharp";
import site from "../../../data/site.json" with { type: "json" };
import { paths } from "../../domain/routes";
import {
  type CardTranslate,
  type SocialCardMap,
  socialCardSvg,
  socialCardVersion,
  socialCardWords,
} from "../../domain/social-card";
import { localizePath } from "../../i18n/languages";
import type { PublishedDataSource } from "../datadesk/published-data";
import { messageIn } from "../i18n/server-messages";

// Each state's social card (`og:image` of its pages): /social/states/25.png, /ha/social/states/25.png. Drawn
// when first asked for (a fifth of a second) and kept while what it shows stands: every request compares the
// card's version (name, law status, year) with the data as published now, so a publication that changes a
// state's law makes its next card on every instance, and one that changes something else keeps the PNG.
// The pages link `?v=<version>`: that address never changes its picture, so it may be kept for a year; the
// bare address is revalidated.

export interface SocialCardsOptions {
  publishedData: PublishedDataSource;
  /** The map's outlines, the same the pages draw (the server build's `nigeriaMap`). */
  map: () => Promise<SocialCardMap>;
  languages: readonly string[];
}

interface Card {
  version: string;
  png: Promise<{ bytes: Buffer; etag: string }>;
}

const cardFile = /^([1-9]\d{0,2})\.png$/;

/** A catalogue message by its full id, in a language, from the server's catalogues. */
function translateIn(language: string): CardTranslate {
  return (id, values) => messageIn(language, id, values);
}

export async function socialCards(app: FastifyInstance, options: SocialCardsOptions): Promise<void> {
  const cards = new Map<string, Card>();

  const draw = async (language: string, record: Parameters<typeof socialCardVersion>[0]) => {
    const words = socialCardWords(translateIn(language), record);
    const svg = socialCardSvg({ map: await options.map(), record, words, siteName: site.name, language });
    // A palette of 256 colours: the card's few flat colours and the text's edges, a third of the bytes.
    const bytes = await sharp(Buffer.from(svg)).png({ palette: true, compressionLevel: 9 }).toBuffer();
    return { bytes, etag: `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 22)}"` };
  };

  const answer = (language: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { file } = request.params as { file: string };
    const id = cardFile.exec(file)?.[1];
    const data = await options.publishedData.current();
    const record = id === undefined ? undefined : data.states.find((state) => String(state.id) === id);
    if (!record) {
      return reply
        .status(404)
        .type("text/plain; charset=utf-8")
        .send("There is no such state card: the address is /social/states/<state id>.png, ids 1 to 37.");
    }
    const version = socialCardVersion(record);
    const key = `${language}/${record.id}`;
    let card = cards.get(key);
    if (card?.version !== version) {
      card = { version, png: draw(language, record) };
      const drawn = card;
      cards.set(key, drawn);
      drawn.png.catch(() => {
        if (cards.get(key) === drawn) cards.delete(key);
      });
    }
    const { bytes, etag } = await card.png;
    const { v } = request.query as { v?: unknown };
    reply
      .header("content-type", "image/png")
      .header("etag", etag)
      .header("cache-control", v === version ? "public, max-age=31536000, immutable" : "public, no-cache");
    if (request.headers["if-none-match"] === etag) return reply.status(304).send();
    return reply.send(bytes);
  };

  for (const language of options.languages) {
    const prefix = localizePath(paths.stateSocialCard(0), language).replace(/\/0\.png$/, "");
    app.get(`${prefix}/:file`, answer(language));
  }
}
