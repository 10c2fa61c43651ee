// "Download this view": files made in the browser from what the page shows, with no server round trip. The
// drawings are drawn with presentation attributes (not the page's stylesheet), so their SVG stands alone.

/** Hands `blob` to the browser as a download named `name`. */
export function saveBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the address is kept a little for browsers that read it later.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The drawing as a standalone SVG file. */
export function svgText(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  const [, , width = "640", height = "360"] = (svg.getAttribute("viewBox") ?? "").split(/\s+/);
  copy.setAttribute("width", width);
  copy.setAttribute("height", height);
  copy.removeAttribute("class");
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

export function svgBlob(svg: SVGSVGElement): Blob {
  return new Blob([svgText(svg)], { type: "image/svg+xml;charset=utf-8" });
}

/** The drawing as a PNG: its SVG drawn on a canvas, twice its size for sharp text, on white. */
export async function svgPngBlob(svg: SVGSVGElement, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(svgBlob(svg));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(image.naturalWidth * scale);
    canvas.height = Math.round(image.naturalHeight * scale);
    const context = canvas.getContext("2d");
    if (!context) throw new Error("No 2D canvas in this browser.");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error("The canvas made no PNG."))),
        "image/png",
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
