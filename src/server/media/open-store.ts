import type { Config } from "../config";
import { IncomingFolder, type MediaStore } from "./media-store";
import { S3MediaStore } from "./s3-store";
import { LocalMediaStore } from "./storage";

/**
 * The store the configuration names: the S3 bucket when S3_BUCKET is set, else the uploads folder.
 * With S3, files that must be local for a while (a video, for ffmpeg) still go to the uploads folder's
 * `.incoming/`: a disk the operator sized for uploads, where the OS's temporary folder may be small or
 * held in memory.
 */
export function openMediaStore(config: Pick<Config, "uploadsDir" | "s3">): Promise<MediaStore> {
  return config.s3
    ? S3MediaStore.open(config.s3, { incoming: IncomingFolder.inside(config.uploadsDir) })
    : LocalMediaStore.open(config.uploadsDir);
}
