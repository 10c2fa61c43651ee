import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PHOTO_SIZES, ReportMedia } from "./ReportMedia";
import { mediaView } from "../../../test/web/reports";

// A report's photos load a small WebP copy chosen by the browser (srcset and sizes), lazily and with
// their size reserved; the full photo only when asked for, through a link.

const day = "21 November 2026";

describe("ReportMedia photos", () => {
  it("offers the photo's variants in srcset, lazily, with its size, and the full photo only as a link", () => {
    const photo = mediaView("m1", "/media/m1?sig=a", {
      width: 2000,
      height: 1500,
      description: "A steep ramp",
      variants: [
        { width: 320, height: 240, url: "/media/m1?sig=a&w=320" },
        { width: 640, height: 480, url: "/media/m1?sig=a&w=640" },
        { width: 1280, height: 960, url: "/media/m1?sig=a&w=1280" },
      ],
    });

    render(<ReportMedia media={[photo]} videoUrl={null} day={day} />);

    const list = screen.getByRole("list", { name: `Photographs of the report of ${day}` });
    const image = within(list).getByRole("img", {
      name: `Photograph 1 of the report of ${day}: A steep ramp`,
    });
    expect(image).toHaveAttribute("src", "/media/m1?sig=a&w=320");
    expect(image).toHaveAttribute(
      "srcset",
      "/media/m1?sig=a&w=320 320w, /media/m1?sig=a&w=640 640w, /media/m1?sig=a&w=1280 1280w",
    );
    expect(image).toHaveAttribute("sizes", PHOTO_SIZES);
    expect(image).toHaveAttribute("loading", "lazy");
    expect(image).toHaveAttribute("decoding", "async");
    expect(image).toHaveAttribute("width", "2000");
    expect(image).toHaveAttribute("height", "1500");
    // The image itself is not a link: the full photo is fetched only on demand.
    expect(image.closest("a")).toBeNull();
    const full = within(list).getByRole("link", {
      name: `Open the full photo (Photograph 1 of the report of ${day})`,
    });
    expect(full).toHaveAttribute("href", "/media/m1?sig=a");
    expect(full).toHaveTextContent(/^Open the full photo/);
  });

  it("shows a photo without variants (small, or stored before them) as it is, with no srcset", () => {
    const small = mediaView("m2", "/media/m2", { width: 200, height: 150 });
    const old = mediaView("m3", "/media/m3");

    render(<ReportMedia media={[small, old]} videoUrl={null} day={day} />);

    const first = screen.getByRole("img", { name: `Photograph 1 of the report of ${day}` });
    expect(first).toHaveAttribute("src", "/media/m2");
    expect(first).not.toHaveAttribute("srcset");
    expect(first).not.toHaveAttribute("sizes");
    expect(first).toHaveAttribute("width", "200");
    const second = screen.getByRole("img", { name: `Photograph 2 of the report of ${day}` });
    expect(second).toHaveAttribute("src", "/media/m3");
    expect(second).not.toHaveAttribute("width");
    expect(second).toHaveAttribute("loading", "lazy");
    expect(
      screen.getAllByRole("link", { name: /^Open the full photo/ }).map((link) => link.getAttribute("href")),
    ).toEqual(["/media/m2", "/media/m3"]);
  });
});
