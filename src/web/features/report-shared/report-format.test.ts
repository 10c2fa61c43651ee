import { describe, expect, it } from "vitest";
import {
  formatFileSize,
  formatOccurredOn,
  formatReportDate,
  formatReportDay,
  formatUploadAmount,
  uploadPercent,
} from "./report-format";
import { MB } from "../../../test/web/reports";

describe("report formats", () => {
  it("writes sizes in bytes, KB or MB with one decimal at most", () => {
    expect(formatFileSize(512)).toBe("512 bytes");
    expect(formatFileSize(320 * 1024)).toBe("320 KB");
    expect(formatFileSize(4.5 * MB)).toBe("4.5 MB");
    expect(formatFileSize(1234 * MB)).toBe("1,234 MB");
  });

  it("writes an upload's progress in the unit of its total", () => {
    expect(formatUploadAmount(4.5 * MB, 10 * MB)).toBe("4.5 of 10 MB");
    expect(formatUploadAmount(100 * 1024, 300 * 1024)).toBe("100 of 300 KB");
    expect(formatUploadAmount(11 * MB, 10 * MB)).toBe("10 of 10 MB");
  });

  it("reaches 100% only with the last byte", () => {
    expect(uploadPercent(0, 10)).toBe(0);
    expect(uploadPercent(45, 100)).toBe(45);
    expect(uploadPercent(9_999, 10_000)).toBe(99);
    expect(uploadPercent(10_000, 10_000)).toBe(100);
    expect(uploadPercent(0, 0)).toBe(0);
  });

  it("writes a report's date as '21 November 2026, 14:05'", () => {
    expect(formatReportDate("2026-11-21T14:05:00Z", "UTC")).toBe("21 November 2026, 14:05");
    expect(formatReportDate("2026-11-21T14:05:00Z", "Africa/Lagos")).toBe("21 November 2026, 15:05");
    expect(formatReportDay("2026-11-21T23:30:00Z", "Africa/Lagos")).toBe("22 November 2026");
    expect(formatReportDate("not a date")).toBe("not a date");
  });

  it("writes the day it happened as that calendar day, whatever the reader's time zone", () => {
    expect(formatOccurredOn("2026-11-20")).toBe("20 November 2026");
    expect(formatOccurredOn("1960-01-01")).toBe("1 January 1960");
  });
});
