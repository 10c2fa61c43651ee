import { isVideoUrl, type ReportMediaView } from "../../../domain/reports/report-rules";
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

/**
 * A report's photographs, video files and video link, wherever reports are shown. Photographs are a list
 * named "Photographs of the report of {day}", each image "Photograph n of the report of {day}" followed by
 * the reporter's description of it when there is one, and a link
 * to the full image; each video is a native player with controls (keyboard operable) named "Video of the
 * report of {day}", with a download link beside it for phones that cannot play it. A video link opens in a
 * new tab, and one that is not http(s) is shown as text, never as a link. Renders nothing without media.
 */
export function ReportMedia({ media, videoUrl, day, videoPreload = "metadata" }: ReportMediaProps) {
  const photos = media.filter((item) => item.kind === "photo");
  const videos = media.filter((item) => item.kind === "video");
  return (
    <>
      {photos.length > 0 ? (
        <ul className={styles.photos} aria-label={`Photographs of the report of ${day}`}>
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.url} className={styles.photoLink}>
                <img
                  src={photo.url}
                  alt={`Photograph ${index + 1} of the report of ${day}${photo.description ? `: ${photo.description}` : ""}`}
                  loading="lazy"
                  decoding="async"
                  className={styles.photo}
                />
              </a>
            </li>
          ))}
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
            aria-label={`Video ${videos.length > 1 ? `${index + 1} ` : ""}of the report of ${day}`}
          />
          <a href={video.url} download>
            Download the video
          </a>
        </div>
      ))}
      {videoUrl ? (
        <p className={styles.videoLink}>
          {isVideoUrl(videoUrl) ? (
            <ExternalLink href={videoUrl}>Watch the video of this report</ExternalLink>
          ) : (
            <>Video link: {videoUrl}</>
          )}
        </p>
      ) : null}
    </>
  );
}
