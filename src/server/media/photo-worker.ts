import { parentPort } from "node:worker_threads";
import sharp from "sharp";
import type { PhotoContentType } from "./media-types";
import { PhotoProblem, processPhoto, type PhotoVariant } from "./photo-processing";

// A photo worker thread: receives {id, input, contentType}, answers {id, output, width, height, variants}
// (the re-encoded photo and its smaller WebP copies, photo-processing.ts) or {id, problem}.

export interface PhotoTask {
  id: number;
  input: Uint8Array;
  contentType: PhotoContentType;
}

export type PhotoAnswer =
  | {
      id: number;
      output: Uint8Array;
      width: number;
      height: number;
      variants: (Omit<PhotoVariant, "data"> & { data: Uint8Array })[];
      threadId: number;
    }
  | { id: number; problem: PhotoProblem["reason"] }
  | { id: number; error: string };

const port = parentPort;
if (port) {
  // One libvips thread for each photo: the pool's size (one worker per core) is all the parallelism photo
  // work gets, so a burst of photos never takes more cores than that from the event loop. (libvips'
  // default is a thread per core for each image, 1 only with glibc without jemalloc.)
  sharp.concurrency(1);
  const { threadId } = await import("node:worker_threads");
  port.on("message", (task: PhotoTask) => {
    processPhoto(
      Buffer.from(task.input.buffer, task.input.byteOffset, task.input.byteLength),
      task.contentType,
    )
      .then((photo) => {
        const answer: PhotoAnswer = { id: task.id, ...photo, threadId };
        port.postMessage(answer);
      })
      .catch((error: unknown) => {
        const answer: PhotoAnswer =
          error instanceof PhotoProblem
            ? { id: task.id, problem: error.reason }
            : { id: task.id, error: String(error) };
        port.postMessage(answer);
      });
  });
}
