import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { Transform, type TransformCallback } from "node:stream";

// Small stream pieces for receiving uploads without ever holding a whole video in memory.

export interface SplitUpload {
  /** The first bytes of the file (fewer when the file is shorter). */
  head: Buffer;
  /** The whole file, head included, as it keeps arriving. Read it once, or call discard(). */
  content: AsyncGenerator<Buffer, void, undefined>;
  /** Stops reading the file (it is destroyed), when it will not be stored. */
  discard(): Promise<void>;
}

/** Reads the first `size` bytes of an upload, to decide its type before the rest arrives. */
export async function readHead(file: Readable, size: number): Promise<SplitUpload> {
  const chunks = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const start: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < size) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    start.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(start);
  const discard = async () => {
    await chunks.return?.();
  };

  async function* content(): AsyncGenerator<Buffer, void, undefined> {
    try {
      if (head.length > 0) yield head;
      if (ended) return;
      for (;;) {
        const next = await chunks.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      // Stopped early (a limit, an error downstream): stop the upload stream too.
      await discard();
    }
  }
  return { head, content: content(), discard };
}

/** Passes bytes on unchanged; fails with `tooLarge()` as soon as more than `max` bytes have come. */
export function byteLimit(max: number, tooLarge: () => Error): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > max) callback(tooLarge());
      else callback(null, chunk);
    },
  });
}

/** Passes bytes on unchanged while counting them and computing their SHA-256. */
export class Fingerprint extends Transform {
  bytes = 0;
  private readonly hash = createHash("sha256");

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    callback(null, chunk);
  }

  /** Hex SHA-256 of everything that passed; read it once the stream has finished. */
  get sha256(): string {
    return this.hash.copy().digest("hex");
  }
}
