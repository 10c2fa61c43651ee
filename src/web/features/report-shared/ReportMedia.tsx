import { isVideoUrl, type ReportMediaView } from "../../../domain/reports/report-rules";
import { T, useT } from "../../i18n";
import { ExternalLink } from "../../ui/ExternalLink";
import styles from "./ReportMedia.module.css";

export interface ReportMediaProps {
  media: readonly ReportMediaView[];
  videoUrl: string | null;
  /** The report's day as people read it ("21 November 2026"): it names the photographs and videos. */
  day: string;
  /** "none" on public pages, so a slow phone fetches nothing of a video until it is played. */
  videoPreload?: "metadata" | "none";
}

/** A tile's width in the grid of ReportMedia.module.css: about half a phone's screen, at most 16rem. */
export const PHOTO_SIZES = "(max-width: 40rem) 50vw, 16rem";

/**
 * Where an <img> of the photo gets its pixels: its WebP variants by width, the smallest as the fallback;
 * the photo itself only when it has none (a small photo, or one stored before variants were made).
 */
export function photoSources(photo: ReportMediaView): {
  src: string;
  srcSet?: string;
  sizes?: string;
  width?: number;
  height?: number;
} {
  const size =
    photo.width !== null && photo.height !== null ? { width: photo.width, height: photo.height } : {};
  const [smallest] = photo.variants;
  if (!smallest) return { src: photo.url, ...size };
  return {
    src: smallest.url,
    srcSet: photo.variants.map((variant) => `${variant.url} ${variant.width}w`).join(", "),
    sizes: PHOTO_SIZES,
    ...size,
  };
}

/**
 * A report's photographs, video files and video link, wherever reports are shown. Photographs are a list
 * named "Photographs of the report of {day}", each image "Photograph n of the report of {day}" followed by
 * the reporter's description of it when there is one, and a link "Open the full photo". The page loads
 * only a small WebP copy of each photo (srcset of its variants, lazily), never the full photo unless asked;
 * each video is a native player with controls (keyboard operable) named "Video of the
 * report of {day}", with a download link beside it for phones that cannot play it. A video link opens in a
 * new tab, and one that is not http(s) is shown as text, never as a link. Renders nothing without media.
 */
export function ReportMedia({ media, videoUrl, day, videoPreload = "metadata" }: ReportMediaProps) {
  const t = useT();
  const photos = media.filter((item) => item.kind === "photo");
  const videos = media.filter((item) => item.kind === "video");
  // Voice notes reach moderators only (the public gets their transcript).
  const voiceNotes = media.filter((item) => item.kind === "audio");
  return (
    <>
      {photos.length > 0 ? (
        <ul className={styles.photos} aria-label={t("published.media.photos", { day })}>
          {photos.map((photo, index) => {
            const number = index + 1;
            return (
              <li key={photo.id}>
                <img
                  {...photoSources(photo)}
                  alt={
                    photo.description
                      ? t("published.media.photoWithDescription", {
                          number,
                          day,
                          description: photo.description,
                        })
                      : t("published.media.photo", { number, day })
                  }
                  loading="lazy"
                  decoding="async"
                  className={styles.photo}
                />
                <a href={photo.url} className={styles.fullPhotoLink}>
                  <T
                    id="published.media.openFullPhoto"
                    values={{ number, day }}
                    components={{ hidden: <span className="visually-hidden" /> }}
                  />
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
      {videos.map((video, index) => (
        <div key={video.id} className={styles.video}>
          {/* Evidence filmed by the reporter comes without captions; the comment tells what it shows. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          <video
            controls
            preload={videoPreload}
            src={video.url}
            className={styles.videoPlayer}
            aria-label={
              videos.length > 1
                ? t("published.media.videoNumbered", { number: index + 1, day })
                : t("published.media.video", { day })
            }
          />
          <a href={video.url} download>
            {t("published.media.downloadVideo")}
          </a>
        </div>
      ))}
      {voiceNotes.map((note, index) => (
        <div key={note.id} className={styles.video}>
          {/* A voice note's words are in the moderator's transcript, written beside it. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          <audio
            controls
            preload="none"
            src={note.url}
            aria-label={t("published.media.voiceNote", { number: index + 1, day })}
          />
          <a href={note.url} download>
            {t("published.media.downloadVoiceNote", { number: index + 1 })}
          </a>
        </div>
      ))}
      {videoUrl ? (
        <p className={styles.videoLink}>
          {isVideoUrl(videoUrl) ? (
            <ExternalLink href={videoUrl}>{t("published.media.watchVideo")}</ExternalLink>
          ) : (
            t("published.media.videoLink", { url: videoUrl })
          )}
        </p>
      ) : null}
    </>
  );
}
