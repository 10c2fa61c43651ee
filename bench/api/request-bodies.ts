import sharp from "sharp";

// The request bodies of the API bench, built once before the load: a sign-in, a report without media and a
// report with one JPEG photograph of about 1 MB that sharp must decode and re-encode, as it would a
// reporter's photo.

export const PHOTO_TARGET_BYTES = 1024 * 1024;

export interface MultipartField {
  name: string;
  value: string;
}

export interface MultipartFile {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface BuiltBody {
  body: Buffer;
  contentType: string;
}

/** A multipart/form-data body: the fields first (as the web app sends them), then the files. */
export function multipartBody(fields: MultipartField[], files: MultipartFile[], boundary: string): BuiltBody {
  const chunks: Buffer[] = [];
  for (const field of fields) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field.name}"\r\n\r\n`),
      Buffer.from(field.value),
      Buffer.from("\r\n"),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The text of the report every bench submission sends. */
export const benchReportFields: MultipartField[] = [
  { name: "firstName", value: "Amina" },
  { name: "lastName", value: "Bello" },
  { name: "email", value: "amina.bello@example.org" },
  { name: "commentType", value: "barrier" },
  {
    name: "comment",
    value:
      "The ramp at the Yaba bus terminal ends in a step of 30 centimetres, so wheelchair users cannot board.",
  },
  // Where and when, and the confirmation a report with a photo needs.
  { name: "stateId", value: "25" },
  { name: "lga", value: "Lagos Mainland" },
  { name: "place", value: "Yaba bus terminal" },
  { name: "occurredOn", value: "2026-11-18" },
  { name: "placePrecision", value: "lga" },
  { name: "peopleConsent", value: "on" },
];

const PHOTO_WIDTH = 2000;
const PHOTO_HEIGHT = 1500;

/**
 * A 3-megapixel JPEG of gradients and noise (noise keeps it from compressing to nothing), at the quality
 * that brings it closest to `targetBytes`. Deterministic: the same file every run.
 */
export async function benchPhoto(targetBytes = PHOTO_TARGET_BYTES): Promise<Buffer> {
  const pixels = Buffer.alloc(PHOTO_WIDTH * PHOTO_HEIGHT * 3);
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  for (let y = 0; y < PHOTO_HEIGHT; y++) {
    for (let x = 0; x < PHOTO_WIDTH; x++) {
      const index = (y * PHOTO_WIDTH + x) * 3;
      const noise = (random() - 0.5) * 60;
      pixels[index] = clamp((x / PHOTO_WIDTH) * 200 + 30 + noise);
      pixels[index + 1] = clamp((y / PHOTO_HEIGHT) * 180 + 40 + noise);
      pixels[index + 2] = clamp(120 + 60 * Math.sin(x / 40) * Math.cos(y / 50) + noise);
    }
  }
  const encode = (quality: number) =>
    sharp(pixels, { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();

  // Size grows with quality: bisect for the closest.
  let low = 1;
  let high = 100;
  let best = await encode(high);
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const photo = await encode(quality);
    if (Math.abs(photo.length - targetBytes) < Math.abs(best.length - targetBytes)) best = photo;
    if (photo.length < targetBytes) low = quality + 1;
    else high = quality - 1;
  }
  return best;
}
