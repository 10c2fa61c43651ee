import { describe, expect, it } from "vitest";
import { isVideoUrl, reportMessages } from "./report-rules";

describe("report rules", () => {
  it("accepts http and https video links only", () => {
    expect(isVideoUrl("https://www.youtube.com/watch?v=abc")).toBe(true);
    expect(isVideoUrl("http://vimeo.com/123")).toBe(true);
    expect(isVideoUrl("javascript:alert(1)")).toBe(false);
    expect(isVideoUrl("ftp://example.org/v.mp4")).toBe(false);
    expect(isVideoUrl("not a link")).toBe(false);
  });

  it("names the file in size and type messages", () => {
    expect(reportMessages.photoTooLarge("ramp.jpg")).toBe('The photograph "ramp.jpg" is larger than 5 MB.');
    expect(reportMessages.commentTooLong).toBe("Your comment can be at most 5,000 characters long.");
  });
});
