import { type ChangeEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { PHOTO_MAX_BYTES, PHOTO_MAX_COUNT } from "../../../domain/reports/report-rules";
import { T, useT } from "../../i18n";
import { fieldIds } from "../../ui/form/Field";
import formStyles from "../../ui/form/form.module.css";
import { TextField } from "../../ui/form/TextField";
import styles from "./EyewitnessForm.module.css";
import { reportFields, sortChosenPhotos, type CheckWords, type PhotoDraft } from "./report-form-checks";
import { formatFileSize } from "../report-shared";

export const PHOTO_ACCEPT = "image/jpeg,image/png,image/gif";

let lastPhotoKey = 0;
const ADD_INPUT = "add-input";

/** A key no other photo of this page has (restored drafts take new ones too). */
export function newPhotoKey(): string {
  return `photo-${++lastPhotoKey}`;
}

/** "ramp.jpg (1.5 MB)", or "ramp.jpg (8.1 MB → 1.2 MB)" for a photo made smaller on the device. */
export function photoSizeText(photo: PhotoDraft): string {
  const size = formatFileSize(photo.file.size);
  return photo.originalSize === undefined ? size : `${formatFileSize(photo.originalSize)} → ${size}`;
}

export interface PhotoSlotsProps {
  photos: PhotoDraft[];
  onChange: (photos: PhotoDraft[]) => void;
  /** What the last submit found wrong with the photographs. */
  error?: string;
  disabled?: boolean;
  /** Told how many chosen photos are still being made smaller (the form waits for them before sending). */
  onShrinkingChange?: (count: number) => void;
}

/**
 * Up to 10 photographs: a real file input (several files at once), then one slot per photo with its
 * preview, an optional description (the preview's alt text) and a Remove button named after the photo
 * ("Remove photo 2: ramp.jpg"). Files of the wrong type, too large or beyond the tenth are refused at once
 * with a message naming each, tied to the input. A polite status says what was added or removed. After a
 * removal, focus moves to the next photo's Remove button, or to the file input when none follows.
 * Photos over 5 MB are made smaller on the device first, one at a time (shrink-photo.ts, loaded then), and
 * each slot shows the size before and after; a photo that cannot be read is refused as too large.
 */
export function PhotoSlots({ photos, onChange, error, disabled, onShrinkingChange }: PhotoSlotsProps) {
  const t = useT();
  const say: CheckWords = (key, values) => t(`report.checks.${key}`, values);
  const [problems, setProblems] = useState<string[]>([]);
  const [status, setStatus] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterRemoval = useRef<string | null>(null);
  const [shrinking, setShrinking] = useState(0);
  // Photos made smaller arrive after the person may have added or removed others: they join the latest list.
  const latest = useRef(photos);
  useEffect(() => {
    latest.current = photos;
  }, [photos]);
  // Told in a layout effect, in the same commit as the photo it concerns: a plain effect runs after the
  // paint (Preact), so a tap on Send just as a shrunk photo appeared was refused as "still shrinking".
  useLayoutEffect(() => onShrinkingChange?.(shrinking), [shrinking, onShrinkingChange]);

  useLayoutEffect(() => {
    const target = focusAfterRemoval.current;
    if (!target) return;
    focusAfterRemoval.current = null;
    (target === ADD_INPUT ? input.current : removeButtons.current.get(target))?.focus();
  }, [photos]);

  const full = photos.length + shrinking >= PHOTO_MAX_COUNT;
  const ids = fieldIds(reportFields.photos);
  const errors = [...(error ? [error] : []), ...problems];
  const hint = full
    ? t("report.photos.full", { max: PHOTO_MAX_COUNT })
    : t("report.photos.hint", { count: PHOTO_MAX_COUNT - photos.length - shrinking });

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Emptied so that choosing the same file again (after removing it) is noticed.
    event.target.value = "";
    if (files.length === 0) return;
    const {
      accepted,
      toShrink,
      problems: refused,
    } = sortChosenPhotos(files, photos.length + shrinking, true, say);
    const added = accepted.map((file) => ({ key: newPhotoKey(), file, altText: "" }));
    if (added.length > 0) onChange([...photos, ...added]);
    setProblems(refused);
    const count = photos.length + added.length;
    const summary = t("report.photos.added", { count: added.length, chosen: count, max: PHOTO_MAX_COUNT });
    const shrinkNote =
      toShrink.length > 0 ? t("report.photos.shrinkingLarge", { count: toShrink.length }) : "";
    setStatus([summary, ...refused, shrinkNote].filter(Boolean).join(" "));
    if (toShrink.length > 0) void shrinkAndAdd(toShrink);
  }

  async function shrinkAndAdd(files: File[]) {
    setShrinking((count) => count + files.length);
    for (const original of files) {
      const result = await shrink(original);
      setShrinking((count) => count - 1);
      if (!result.ok) {
        // Today's sentence for a photo the form cannot send: it is over 5 MB and could not be made smaller.
        const refused = say("photoTooLarge", { name: original.name });
        setProblems((current) => [...current, refused]);
        setStatus(refused);
        continue;
      }
      const photo: PhotoDraft = {
        key: newPhotoKey(),
        file: result.file,
        altText: "",
        originalSize: original.size,
      };
      const next = [...latest.current, photo];
      latest.current = next;
      onChange(next);
      setStatus(
        t("report.photos.madeSmaller", {
          position: next.length,
          name: original.name,
          size: photoSizeText(photo),
          chosen: next.length,
          max: PHOTO_MAX_COUNT,
        }),
      );
    }
  }

  function remove(index: number) {
    const photo = photos[index];
    if (!photo) return;
    focusAfterRemoval.current = photos[index + 1]?.key ?? ADD_INPUT;
    const rest = photos.filter((_, position) => position !== index);
    onChange(rest);
    setProblems([]);
    setStatus(
      t("report.photos.removed", {
        position: index + 1,
        name: photo.file.name,
        chosen: rest.length,
        max: PHOTO_MAX_COUNT,
      }),
    );
  }

  function describe(index: number, altText: string) {
    onChange(photos.map((photo, position) => (position === index ? { ...photo, altText } : photo)));
  }

  return (
    <div className={errors.length > 0 ? `${formStyles.field} ${formStyles.fieldInError}` : formStyles.field}>
      <label className={formStyles.label} htmlFor={reportFields.photos}>
        {t("report.photos.label")}
      </label>
      <div id={ids.hint} className={formStyles.hint}>
        {hint}
      </div>
      {errors.length > 0 ? (
        <div id={ids.error}>
          {errors.map((message, index) => (
            // Two files may share a name and a fault: the position tells them apart.
            <p key={index} className={formStyles.error}>
              <span className="visually-hidden">{t("report.errorPrefix")}</span>
              {message}
            </p>
          ))}
        </div>
      ) : null}
      <input
        ref={input}
        id={reportFields.photos}
        type="file"
        accept={PHOTO_ACCEPT}
        multiple
        disabled={disabled || full}
        onChange={choose}
        className={styles.fileInput}
        aria-invalid={errors.length > 0 ? true : undefined}
        aria-describedby={errors.length > 0 ? `${ids.hint} ${ids.error}` : ids.hint}
      />
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {shrinking > 0 ? (
        <p className={formStyles.hint} aria-hidden="true">
          {t("report.photos.shrinking", { count: shrinking })}
        </p>
      ) : null}
      {photos.length > 0 ? (
        <>
          <p id="chosen-photos" className={styles.slotsTitle}>
            {t("report.photos.chosen", { chosen: photos.length, max: PHOTO_MAX_COUNT })}
          </p>
          <ol className={styles.slots} aria-labelledby="chosen-photos">
            {photos.map((photo, index) => (
              <li key={photo.key} className={styles.slot}>
                <PhotoPreview
                  file={photo.file}
                  alt={
                    photo.altText.trim() ||
                    t("report.photos.preview", { position: index + 1, name: photo.file.name })
                  }
                />
                <div className={styles.slotBody}>
                  <p className={styles.slotName}>
                    {t("report.photos.slot", {
                      position: index + 1,
                      name: photo.file.name,
                      size: photoSizeText(photo),
                    })}
                  </p>
                  <TextField
                    id={`photo-alt-${photo.key}`}
                    label={t("report.photos.description", { position: index + 1 })}
                    hint={t("report.photos.descriptionHint")}
                    value={photo.altText}
                    onChange={(altText) => describe(index, altText)}
                    maxLength={300}
                    disabled={disabled}
                  />
                  <button
                    type="button"
                    ref={(button) => {
                      if (button) removeButtons.current.set(photo.key, button);
                      else removeButtons.current.delete(photo.key);
                    }}
                    className="button button--secondary"
                    onClick={() => remove(index)}
                    disabled={disabled}
                  >
                    <T
                      id="report.photos.remove"
                      values={{ position: index + 1, name: photo.file.name }}
                      components={{ hidden: <span className="visually-hidden" /> }}
                    />
                  </button>
                </div>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}

/** The photo itself, from a local object URL made for it and released when the slot goes. */
function PhotoPreview({ file, alt }: { file: File; alt: string }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <img ref={image} alt={alt} className={styles.preview} decoding="async" />;
}

/** The shrinking code is loaded on first use; without it (offline before it was ever loaded) nothing is shrunk. */
async function shrink(file: File): Promise<{ ok: true; file: File } | { ok: false }> {
  try {
    const { shrinkPhoto } = await import("./shrink-photo");
    return await shrinkPhoto(file, PHOTO_MAX_BYTES);
  } catch {
    return { ok: false };
  }
}
