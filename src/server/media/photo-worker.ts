import { parentPort } from "node:worker_threads";
import type { PhotoContentType } from "./media-types";
import { PhotoProblem, reencodeInPlace } from "./photo-processing";

// A photo worker thread: receives {id, input, contentType}, answers {id, output} or {id, problem}.

export interface PhotoTask {
  id: number;
  input: Uint8Array;
  contentType: PhotoContentType;
}

export type PhotoAnswer =
  | { id: number; output: Uint8Array; threadId: number }
  | { id: number; problem: PhotoProblem["reason"] }
  | { id: number; error: string };

const port = parentPort;
if (port) {
  const { threadId } = await import("node:worker_threads");
  port.on("message", (task: PhotoTask) => {
    reencodeInPlace(
      Buffer.from(task.input.buffer, task.input.byteOffset, task.input.byteLength),
      task.contentType,
    )
      .then((output) => {
        const answer: PhotoAnswer = { id: task.id, output, threadId };
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
