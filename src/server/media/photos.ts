import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PhotoContentType } from "./media-types";
import { PhotoProblem, type PhotoVariant, type ProcessedPhoto } from "./photo-processing";
import type { PhotoAnswer, PhotoTask } from "./photo-worker";

export { PHOTO_MAX_PIXELS, PhotoProblem, VARIANT_SIZES } from "./photo-processing";
export type { PhotoVariant, ProcessedPhoto } from "./photo-processing";

/** A processed photo, with the id of the thread that did the work. */
export type PhotoResult = ProcessedPhoto & { threadId: number };
/** A photo's WebP variants, with the id of the thread that made them. */
export type VariantsResult = { variants: PhotoVariant[]; threadId: number };

// Photos are re-encoded, and their smaller WebP variants made (photo-processing.ts), in a pool of worker
// threads, one per core, so decoding a burst of large photos never holds up the event loop that answers
// other requests. Tasks beyond the pool's size wait in order, a re-encode (a reporter waits for it) before
// any variants (made in the background); a worker that dies is replaced, and its task fails as a server
// error.

/** The workers run TypeScript: tsx's loader is registered in each one before the worker module loads. */
function workerSource(): URL {
  const require = createRequire(import.meta.url);
  // The ESM entry of tsx/esm/api (require.resolve would give its CommonJS one).
  const tsxApi = pathToFileURL(
    path.join(path.dirname(require.resolve("tsx/package.json")), "dist/esm/api/index.mjs"),
  ).href;
  const worker = new URL("./photo-worker.ts", import.meta.url).href;
  const code = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(worker)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

interface Pending {
  task: PhotoTask;
  resolve: (answer: PhotoResult | VariantsResult) => void;
  reject: (error: Error) => void;
}

export class PhotoWorkerPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  /** Variants to make, once no re-encode is waiting. */
  private readonly later: Pending[] = [];
  private workers = 0;
  private nextId = 1;
  private closed = false;

  constructor(readonly size: number) {}

  run(input: Buffer, contentType: PhotoContentType): Promise<PhotoResult> {
    return this.submit(this.queue, "photo", input, contentType) as Promise<PhotoResult>;
  }

  /** The WebP variants of a photo re-encoded by run(); after every re-encode waiting. */
  variants(photo: Buffer, contentType: PhotoContentType): Promise<VariantsResult> {
    return this.submit(this.later, "variants", photo, contentType) as Promise<VariantsResult>;
  }

  private submit(
    queue: Pending[],
    job: PhotoTask["job"],
    input: Buffer,
    contentType: PhotoContentType,
  ): Promise<PhotoResult | VariantsResult> {
    if (this.closed) return Promise.reject(new Error("the photo worker pool is closed"));
    return new Promise((resolve, reject) => {
      queue.push({ task: { id: this.nextId++, job, input, contentType }, resolve, reject });
      this.dispatch();
    });
  }

  /** Tasks waiting for a worker. */
  get queued(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of [...this.queue.splice(0), ...this.later.splice(0)]) {
      pending.reject(new Error("the photo worker pool closed"));
    }
    const all = [...this.idle.splice(0), ...this.busy.keys()];
    await Promise.all(all.map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length + this.later.length > 0) {
      const worker = this.idle.pop() ?? (this.workers < this.size ? this.spawn() : undefined);
      if (!worker) return;
      const pending = (this.queue.length > 0 ? this.queue : this.later).shift()!;
      this.busy.set(worker, pending);
      worker.postMessage(pending.task);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(workerSource());
    this.workers += 1;
    // An idle worker does not keep the process alive.
    worker.unref();
    worker.on("message", (answer: PhotoAnswer) => {
      const pending = this.busy.get(worker);
      if (!pending || pending.task.id !== answer.id) return;
      this.busy.delete(worker);
      if ("output" in answer) {
        pending.resolve({
          output: asBuffer(answer.output),
          width: answer.width,
          height: answer.height,
          threadId: answer.threadId,
        });
      } else if ("variants" in answer) {
        pending.resolve({
          variants: answer.variants.map((variant) => ({ ...variant, data: asBuffer(variant.data) })),
          threadId: answer.threadId,
        });
      } else if ("problem" in answer) pending.reject(new PhotoProblem(answer.problem));
      else pending.reject(new Error(`photo worker: ${answer.error}`));
      if (!this.closed) this.idle.push(worker);
      this.dispatch();
    });
    worker.on("error", (error) => this.lose(worker, error));
    worker.on("exit", (code) => this.lose(worker, new Error(`photo worker stopped (exit code ${code})`)));
    return worker;
  }

  private lose(worker: Worker, error: Error): void {
    const index = this.idle.indexOf(worker);
    if (index >= 0) this.idle.splice(index, 1);
    const pending = this.busy.get(worker);
    if (this.busy.delete(worker) || index >= 0) this.workers -= 1;
    pending?.reject(error);
    if (!this.closed) this.dispatch();
  }
}

// One pool for the process: photo work is bounded by the number of cores, whatever the request load.
let sharedPool: PhotoWorkerPool | undefined;

function pool(): PhotoWorkerPool {
  sharedPool ??= new PhotoWorkerPool(Math.max(1, availableParallelism()));
  return sharedPool;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The photo re-encoded without metadata, in the same format, with its size; throws PhotoProblem when it cannot be read. */
export async function reencodePhoto(input: Buffer, contentType: PhotoContentType): Promise<ProcessedPhoto> {
  const { output, width, height } = await pool().run(input, contentType);
  return { output, width, height };
}

/** The same, with the id of the thread that did the work (tests check it is never the main thread). */
export function reencodePhotoReporting(input: Buffer, contentType: PhotoContentType): Promise<PhotoResult> {
  return pool().run(input, contentType);
}

/** The WebP variants of a photo reencodePhoto made (as stored); throws PhotoProblem when it cannot be read. */
export async function makePhotoVariants(
  photo: Buffer,
  contentType: PhotoContentType,
): Promise<PhotoVariant[]> {
  return (await pool().variants(photo, contentType)).variants;
}
