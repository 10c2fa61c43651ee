import { useId, useRef, useState, type PointerEvent } from "react";
import type { ReportMediaView } from "../../../domain/reports/report-rules";
import { BLUR_RECTANGLES_MAX, type BlurRectangle } from "../../../domain/reports/review-rules";
import { useT } from "../../i18n";
import formStyles from "../../ui/form/form.module.css";
import {
  clampToPhoto,
  moveWithinPhoto,
  percentOf,
  pointOnPhoto,
  rectangleAt,
  rectangleFromDrag,
  spanBetween,
  type PhotoPoint,
} from "./blur-drawing";
import { photoSources } from "../report-shared";
import styles from "./ReviewsPage.module.css";

// Rectangles to blur, drawn on the photo with any pointer (mouse, finger, pen) or typed as percentages.
// Drawing is the quick way; the numeric fields of each rectangle are the way for a keyboard or a screen
// reader (WCAG 2.5.7: nothing needs a drag), and their arrow keys nudge it by 1% (10% with Shift). Only the photo itself takes
// `touch-action: none`, so the page still scrolls everywhere else on a phone.

export interface BlurDrawingProps {
  /** The photo as sent (the moderator draws on what the reporter took). */
  photo: ReportMediaView;
  /** The photo's name, e.g. "Photo 1" or the reporter's description. */
  name: string;
  rectangles: BlurRectangle[];
  onChange: (rectangles: BlurRectangle[]) => void;
}

type Side = "x" | "y" | "w" | "h";

/** A rectangle the keyboard adds: a quarter of the photo's width and height, in its middle. */
const typedRectangle: BlurRectangle = { x: 0.375, y: 0.375, w: 0.25, h: 0.25 };

export function BlurDrawing({ photo, name, rectangles, onChange }: BlurDrawingProps) {
  const t = useT();
  const hintId = useId();
  const dragFrom = useRef<PhotoPoint | null>(null);
  const [dragged, setDragged] = useState<BlurRectangle | null>(null);
  const [selected, setSelected] = useState(-1);
  const [said, setSaid] = useState("");
  const full = rectangles.length >= BLUR_RECTANGLES_MAX;

  const pointOf = (event: PointerEvent<HTMLDivElement>) =>
    pointOnPhoto(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());

  const add = (rectangle: BlurRectangle) => {
    if (full) return;
    onChange([...rectangles, rectangle]);
    setSelected(rectangles.length);
    setSaid(t("reviews.protect.rectangleAdded", { number: rectangles.length + 1, ...percents(rectangle) }));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    // Keep the pointer's moves coming here even when the finger leaves the photo, and keep the browser
    // from dragging the image or selecting text instead.
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
    dragFrom.current = pointOf(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragFrom.current) setDragged(spanBetween(dragFrom.current, pointOf(event)));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const from = dragFrom.current;
    if (!from) return;
    dragFrom.current = null;
    setDragged(null);
    const to = pointOf(event);
    const drawn = rectangleFromDrag(from, to);
    // A tap (or a slip too small to mean a rectangle) selects the rectangle under it, if any.
    if (drawn) add(drawn);
    else setSelected(rectangleAt(rectangles, to));
  };
  const onPointerCancel = () => {
    dragFrom.current = null;
    setDragged(null);
  };

  const change = (index: number, side: Side, percent: number) => {
    const rectangle = rectangles[index]!;
    const value = percent / 100;
    // A corner typed moves the rectangle (its size kept, as the arrow keys nudge it); a size is kept on the photo.
    const changed =
      side === "x"
        ? moveWithinPhoto(rectangle, value - rectangle.x, 0)
        : side === "y"
          ? moveWithinPhoto(rectangle, 0, value - rectangle.y)
          : clampToPhoto({ ...rectangle, [side]: value });
    onChange(rectangles.map((other, at) => (at === index ? changed : other)));
  };

  const remove = (index: number) => {
    onChange(rectangles.filter((_, other) => other !== index));
    setSelected(-1);
    setSaid(t("reviews.protect.rectangleRemoved", { number: index + 1 }));
  };

  const { src, srcSet, width, height } = photoSources(photo);
  return (
    <>
      <p id={hintId} className={styles.hint}>
        {t("reviews.protect.blurHint")}
      </p>
      <div
        className={styles.drawing}
        data-testid="blur-drawing"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
      >
        <img
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? "(max-width: 40rem) 100vw, 40rem" : undefined}
          width={width}
          height={height}
          alt={t("reviews.protect.drawingAlt", { name })}
          aria-describedby={hintId}
          draggable={false}
          className={styles.drawingPhoto}
        />
        {rectangles.map((rectangle, index) => (
          <span
            key={index}
            aria-hidden="true"
            className={index === selected ? `${styles.drawn} ${styles.drawnSelected}` : styles.drawn}
            style={placed(rectangle)}
          >
            {index + 1}
          </span>
        ))}
        {dragged ? <span aria-hidden="true" className={styles.drawn} style={placed(dragged)} /> : null}
      </div>
      <p role="status" className={styles.hint}>
        {said}
      </p>
      {rectangles.length > 0 ? (
        <ol className={styles.rectangles}>
          {rectangles.map((rectangle, index) => (
            <li key={index} className={index === selected ? styles.rectangleSelected : undefined}>
              <fieldset className={styles.rectangleFields}>
                <legend>{t("reviews.protect.rectangleNumber", { number: index + 1 })}</legend>
                <div className={styles.boxFields}>
                  <PercentField
                    label={t("reviews.protect.fromLeft")}
                    value={percentOf(rectangle.x)}
                    onValue={(value) => change(index, "x", value)}
                    onFocus={() => setSelected(index)}
                  />
                  <PercentField
                    label={t("reviews.protect.fromTop")}
                    value={percentOf(rectangle.y)}
                    onValue={(value) => change(index, "y", value)}
                    onFocus={() => setSelected(index)}
                  />
                  <PercentField
                    label={t("reviews.protect.width")}
                    value={percentOf(rectangle.w)}
                    onValue={(value) => change(index, "w", value)}
                    onFocus={() => setSelected(index)}
                  />
                  <PercentField
                    label={t("reviews.protect.height")}
                    value={percentOf(rectangle.h)}
                    onValue={(value) => change(index, "h", value)}
                    onFocus={() => setSelected(index)}
                  />
                </div>
                <button type="button" className="button button--secondary" onClick={() => remove(index)}>
                  {t("reviews.protect.removeRectangleNumber", { number: index + 1 })}
                </button>
              </fieldset>
            </li>
          ))}
        </ol>
      ) : null}
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={full || undefined}
        onClick={() => add(typedRectangle)}
      >
        {t("reviews.protect.addRectangle")}
      </button>
    </>
  );
}

function percents(rectangle: BlurRectangle) {
  return {
    x: percentOf(rectangle.x),
    y: percentOf(rectangle.y),
    w: percentOf(rectangle.w),
    h: percentOf(rectangle.h),
  };
}

/** A fraction as a CSS percentage, to a hundredth of a percent (a pixel's part of even a large photo). */
const cssPercent = (fraction: number) => `${Math.round(fraction * 10_000) / 100}%`;

/** A rectangle's box over the photo, in percent so it follows the photo's size on any screen. */
function placed(rectangle: BlurRectangle) {
  return {
    left: cssPercent(rectangle.x),
    top: cssPercent(rectangle.y),
    width: cssPercent(rectangle.w),
    height: cssPercent(rectangle.h),
  };
}

interface PercentFieldProps {
  label: string;
  value: number;
  onValue: (value: number) => void;
  onFocus: () => void;
}

/** A percentage typed freely (an empty field or "12." while typing is fine); each number typed is used at once. */
function PercentField({ label, value, onValue, onFocus }: PercentFieldProps) {
  // What is typed, and the value it meant: when the value changes otherwise (drawn, or kept on the photo
  // so not what was typed), the field shows the value as it is now.
  const [typed, setTyped] = useState({ meant: value, text: String(value) });
  let text = typed.text;
  if (typed.meant !== value) {
    text = String(value);
    setTyped({ meant: value, text });
  }
  return (
    <label className={styles.boxField}>
      {label}
      <input
        type="number"
        min={0}
        max={100}
        step={1}
        inputMode="decimal"
        className={formStyles.input}
        value={text}
        onFocus={onFocus}
        onChange={(event) => {
          const raw = event.target.value;
          const number = Number(raw);
          const usable = raw.trim() !== "" && Number.isFinite(number);
          setTyped({ meant: usable ? number : value, text: raw });
          if (usable) onValue(number);
        }}
        onKeyDown={(event) => {
          // The arrow keys nudge by a whole percent (ten with Shift) from where the rectangle is, whatever
          // the browser's own steps would snap a drawn 12.3 to.
          const step = { ArrowUp: 1, ArrowDown: -1 }[event.key];
          if (step === undefined) return;
          event.preventDefault();
          const nudged = Math.round((value + step * (event.shiftKey ? 10 : 1)) * 10) / 10;
          setTyped({ meant: nudged, text: String(nudged) });
          onValue(nudged);
        }}
        onBlur={() => setTyped({ meant: value, text: String(value) })}
      />
    </label>
  );
}
