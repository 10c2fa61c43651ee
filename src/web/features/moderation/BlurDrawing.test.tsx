import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BlurRectangle } from "../../../domain/reports/review-rules";
import { mediaView } from "../../../test/web/reports";
import { BlurDrawing } from "./BlurDrawing";

// Drawing blur rectangles with a pointer: a drag on the photo adds a rectangle in percent of the photo,
// outlined over it and listed with its numeric fields (the keyboard's way), each with a Remove button.
// jsdom lays nothing out, so the photo's box on screen is given here: 400 × 200 px at (0, 100).

const photo = mediaView("m1", "/media/m1?sig=a", { width: 2000, height: 1000 });
/** Each list of rectangles the drawing handed up; the last is the drawing's now. */
const changes = vi.fn<(rectangles: BlurRectangle[]) => void>();
const latest = () => changes.mock.lastCall?.[0] ?? [];

function Drawing({ initial = [] }: { initial?: BlurRectangle[] }) {
  const [rectangles, setRectangles] = useState(initial);
  return (
    <BlurDrawing
      photo={photo}
      name="Photo 1"
      rectangles={rectangles}
      onChange={(next) => {
        setRectangles(next);
        changes(next);
      }}
    />
  );
}

beforeEach(() => {
  changes.mockClear();
  // jsdom has no layout and no pointer capture: the photo's place on screen, and capture as a no-op.
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 100, width: 400, height: 200 }),
  );
  HTMLElement.prototype.setPointerCapture = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const surface = () => screen.getByTestId("blur-drawing");

async function drag(from: [number, number], to: [number, number], pointer = "[MouseLeft]") {
  const user = userEvent.setup();
  const [press, release] =
    pointer === "[MouseLeft]" ? ["[MouseLeft>]", "[/MouseLeft]"] : [`[${pointer}>]`, `[/${pointer}]`];
  await user.pointer([
    { keys: press, target: surface(), coords: { clientX: from[0], clientY: from[1] } },
    { target: surface(), coords: { clientX: (from[0] + to[0]) / 2, clientY: (from[1] + to[1]) / 2 } },
    { target: surface(), coords: { clientX: to[0], clientY: to[1] } },
    { keys: release, target: surface(), coords: { clientX: to[0], clientY: to[1] } },
  ]);
  return user;
}

describe("Drawing blur rectangles", () => {
  it("adds the rectangle a mouse drags over the photo, outlined on it and listed with its numbers", async () => {
    render(<Drawing />);
    expect(
      screen.getByRole("img", { name: "Photo 1, to draw the rectangles to blur on" }),
    ).toBeInTheDocument();

    await drag([40, 140], [160, 260]);

    expect(latest()).toHaveLength(1);
    expect(latest()[0]!.x).toBeCloseTo(0.1);
    expect(latest()[0]!.y).toBeCloseTo(0.2);
    expect(latest()[0]!.w).toBeCloseTo(0.3);
    expect(latest()[0]!.h).toBeCloseTo(0.6);
    const outline = surface().querySelector("span");
    expect(outline).toHaveStyle({ left: "10%", top: "20%", width: "30%", height: "60%" });
    const fields = screen.getByRole("group", { name: "Rectangle 1" });
    expect(within(fields).getByLabelText("From the left (%)")).toHaveValue(10);
    expect(within(fields).getByLabelText("From the top (%)")).toHaveValue(20);
    expect(within(fields).getByLabelText("Width (%)")).toHaveValue(30);
    expect(within(fields).getByLabelText("Height (%)")).toHaveValue(60);
    expect(screen.getByRole("status")).toHaveTextContent(
      "Rectangle 1 added: 10% from the left, 20% from the top, 30% wide, 60% high.",
    );
  });

  it("draws with a finger too, backwards, and keeps a drag that leaves the photo on it", async () => {
    render(<Drawing />);
    await drag([360, 280], [-50, 400], "TouchA");
    expect(latest()).toHaveLength(1);
    expect(latest()[0]!.x).toBe(0);
    expect(latest()[0]!.y).toBeCloseTo(0.9);
    expect(latest()[0]!.w).toBeCloseTo(0.9);
    expect(latest()[0]!.h).toBeCloseTo(0.1);
    expect(HTMLElement.prototype.setPointerCapture).toHaveBeenCalled();
  });

  it("ignores a tap and a drag under 2% of the photo", async () => {
    render(<Drawing />);
    await drag([100, 150], [100, 150]);
    await drag([100, 150], [105, 250]);
    expect(latest()).toEqual([]);
    expect(screen.queryByRole("group", { name: "Rectangle 1" })).not.toBeInTheDocument();
  });

  it("removes a rectangle with its button, and a tap selects the one under it", async () => {
    render(
      <Drawing
        initial={[
          { x: 0, y: 0, w: 0.5, h: 0.5 },
          { x: 0.5, y: 0.5, w: 0.5, h: 0.5 },
        ]}
      />,
    );
    await drag([300, 250], [300, 250]);
    expect(surface().querySelectorAll("span")[1]!.className).toMatch(/drawnSelected/);

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Remove rectangle 1" }));
    expect(latest()).toEqual([{ x: 0.5, y: 0.5, w: 0.5, h: 0.5 }]);
    expect(screen.getByRole("status")).toHaveTextContent("Rectangle 1 removed.");
    expect(screen.queryByRole("group", { name: "Rectangle 2" })).not.toBeInTheDocument();
  });

  it("adds and places a rectangle with the keyboard alone, kept on the photo and nudged with the arrow keys", async () => {
    render(<Drawing />);
    const user = userEvent.setup();
    screen.getByRole("button", { name: "Add the rectangle" }).focus();
    await user.keyboard("{Enter}");
    const fields = screen.getByRole("group", { name: "Rectangle 1" });
    const left = within(fields).getByLabelText("From the left (%)");
    expect(left).toHaveValue(37.5);

    await user.clear(left);
    await user.type(left, "10");
    await user.clear(within(fields).getByLabelText("Width (%)"));
    await user.type(within(fields).getByLabelText("Width (%)"), "95");
    expect(latest()).toEqual([{ x: 0.1, y: 0.375, w: 0.9, h: 0.25 }]);
    await user.tab();
    expect(within(fields).getByLabelText("Width (%)")).toHaveValue(90);

    // The arrow keys nudge it by 1% (10% with Shift), its size kept, and stop at the photo's edge.
    await user.click(left);
    await user.keyboard("{ArrowDown}");
    expect(latest()[0]!.x).toBeCloseTo(0.09);
    const top = within(fields).getByLabelText("From the top (%)");
    await user.click(top);
    await user.keyboard("{Shift>}{ArrowUp}{/Shift}");
    expect(top).toHaveValue(47.5);
    await user.keyboard("{Shift>}{ArrowUp}{ArrowUp}{ArrowUp}{/Shift}");
    expect(top).toHaveValue(75);
    expect(latest()[0]).toEqual({ x: expect.closeTo(0.09), y: 0.75, w: 0.9, h: 0.25 });
  });
});
