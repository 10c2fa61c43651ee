import { encodeWithinLimit, paint, type ShrinkAnswer, type ShrinkRequest } from "./photo-shrink-core";

// Shrinks one photo off the main thread, so the form keeps responding while a 12-megapixel photo is
// decoded and re-encoded (shrink-photo.ts starts it, one per photo).

async function shrink({ file, limit }: ShrinkRequest): Promise<ShrinkAnswer> {
  let bitmap: ImageBitmap;
  try {
    // Turned upright as the camera's EXIF orientation says: the pixels drawn carry the rotation, since
    // the EXIF itself is not kept.
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return { ok: false, reason: "undecodable" };
  }
  try {
    const blob = await encodeWithinLimit(
      bitmap,
      (size, quality) => {
        const canvas = new OffscreenCanvas(size.width, size.height);
        const context = canvas.getContext("2d");
        if (!context) throw new Error("No 2D context in this worker.");
        paint(context, bitmap, size);
        return canvas.convertToBlob({ type: "image/jpeg", quality });
      },
      limit,
    );
    return blob ? { ok: true, blob } : { ok: false, reason: "too-large" };
  } finally {
    bitmap.close();
  }
}

self.addEventListener("message", (event: MessageEvent<ShrinkRequest>) => {
  void shrink(event.data).then(
    (answer) => self.postMessage(answer),
    // A failure inside the worker (no 2D context) lets the page try on the main thread instead.
    (error: unknown) => self.postMessage({ ok: false, reason: "worker-failed", detail: String(error) }),
  );
});
