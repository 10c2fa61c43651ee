import { parentPort } from "node:worker_threads";
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
