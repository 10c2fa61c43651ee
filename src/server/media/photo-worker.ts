import { parentPort } from "node:worker_threads";
import sharp from "sharp";
import type { PhotoContentType } from "./media-types";
import { PhotoProblem, photoVariants, processPhoto, type PhotoVariant } from "./photo-processing";

// A photo worker thread: receives {id, job, input, contentType}; for "photo" answers {id, output, width,
// height} (the photo re-encoded without metadata), for "variants" {id, variants} (the smaller WebP copies
// of a photo already re-encoded; photo-processing.ts); or {id, problem}.

export interface PhotoTask {
  id: number;
  job: "photo" | "variants";
  input: Uint8Array;
  contentType: PhotoContentType;
}

export type PhotoAnswer =
  | { id: number; output: Uint8Array; width: number; height: number; threadId: number }
  | { id: number; variants: (Omit<PhotoVariant, "data"> & { data: Uint8Array })[]; threadId: number }
  | { id: number; problem: PhotoProblem["reason"] }
  | { id: number; error: string };

const port = parentPort;
if (port) {
  // One libvips thread for each photo: the pool's size (one worker per core) is all the parallelism photo
  // work gets, so a burst of photos never takes more cores than that from the event loop. (libvips'
  // default is a thread per core for each image, 1 only with glibc without jemalloc.)
  sharp.concurrency(1);
  const { threadId } = await import("node:worker_threads");
  const work = async (task: PhotoTask): Promise<PhotoAnswer> => {
    const input = Buffer.from(task.input.buffer, task.input.byteOffset, task.input.byteLength);
    return task.job === "photo"
      ? { id: task.id, ...(await processPhoto(input, task.contentType)), threadId }
      : { id: task.id, variants: await photoVariants(input), threadId };
  };
  port.on("message", (task: PhotoTask) => {
    work(task)
      .then((answer) => port.postMessage(answer))
      .catch((error: unknown) => {
        const answer: PhotoAnswer =
          error instanceof PhotoProblem
            ? { id: task.id, problem: error.reason }
            : { id: task.id, error: String(error) };
        port.postMessage(answer);
      });
  });
}
