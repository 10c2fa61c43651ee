import {
  encodeWithinLimit,
  paint,
  shrunkName,
  type ShrinkAnswer,
  type ShrinkRequest,
  type Size,
} from "./photo-shrink-core";

// Photos larger than the server's limit are made smaller on the phone before they are sent:
// decoded, scaled to at most 2560 px on the long side and re-encoded as JPEG, in a worker where the
// browser has OffscreenCanvas and createImageBitmap, on the page with a canvas otherwise. JPEG and not
// WebP: the server accepts JPEG, PNG and GIF uploads only, and its limits do not change. Loaded only when
// a large photo is chosen, so the report form's first load does not carry it.

export type ShrinkResult = { ok: true; file: File } | { ok: false };

type WorkerAnswer = ShrinkAnswer | { ok: false; reason: "worker-failed" };

function canUseWorker(): boolean {
  return (
    typeof Worker !== "undefined" &&
    typeof OffscreenCanvas !== "undefined" &&
    typeof createImageBitmap !== "undefined"
  );
}

function inWorker(request: ShrinkRequest): Promise<WorkerAnswer> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./photo-shrink.worker.ts", import.meta.url), { type: "module" });
    const finish = (answer: WorkerAnswer) => {
      worker.terminate();
      resolve(answer);
    };
    worker.addEventListener("message", (event: MessageEvent<WorkerAnswer>) => finish(event.data));
    // The worker could not start (an old browser, a blocked script): the page does the work itself.
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      finish({ ok: false, reason: "worker-failed" });
    });
    worker.postMessage(request);
  });
}

interface Decoded {
  image: CanvasImageSource;
  size: Size;
  release: () => void;
}

async function decodeOnPage(file: Blob): Promise<Decoded | null> {
  try {
    if (typeof createImageBitmap !== "undefined") {
      const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
      return { image: bitmap, size: bitmap, release: () => bitmap.close() };
    }
    // Older browsers: an <img> decodes it (and applies the EXIF orientation, CSS image-orientation's default).
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.src = url;
    try {
      await image.decode();
    } catch {
      URL.revokeObjectURL(url);
      return null;
    }
    return {
      image,
      size: { width: image.naturalWidth, height: image.naturalHeight },
      release: () => URL.revokeObjectURL(url),
    };
  } catch {
    return null;
  }
}

async function onPage({ file, limit }: ShrinkRequest): Promise<ShrinkAnswer> {
  const decoded = await decodeOnPage(file);
  if (!decoded) return { ok: false, reason: "undecodable" };
  try {
    const canvas = document.createElement("canvas");
    const blob = await encodeWithinLimit(
      decoded.size,
      (size, quality) => {
        canvas.width = size.width;
        canvas.height = size.height;
        const context = canvas.getContext("2d");
        if (!context) return Promise.reject(new Error("No 2D canvas in this browser."));
        paint(context, decoded.image, size);
        return new Promise<Blob>((resolve, reject) =>
          canvas.toBlob(
            (made) => (made ? resolve(made) : reject(new Error("The canvas made no JPEG."))),
            "image/jpeg",
            quality,
          ),
        );
      },
      limit,
    );
    return blob ? { ok: true, blob } : { ok: false, reason: "too-large" };
  } catch {
    return { ok: false, reason: "undecodable" };
  } finally {
    decoded.release();
  }
}

/** The photo as a JPEG of at most `limit` bytes, named after the original; not ok when it cannot be read. */
export async function shrinkPhoto(file: File, limit: number): Promise<ShrinkResult> {
  let answer: WorkerAnswer | null = null;
  if (canUseWorker()) answer = await inWorker({ file, limit });
  if (!answer || (!answer.ok && answer.reason === "worker-failed")) answer = await onPage({ file, limit });
  if (!answer.ok) return { ok: false };
  return {
    ok: true,
    file: new File([answer.blob], shrunkName(file.name), {
      type: "image/jpeg",
      lastModified: file.lastModified,
    }),
  };
}
