import { describe, expect, it } from "vitest";
import { z } from "zod";
import { problem } from "./problems";
import {
  calendarDayParam,
  choiceListParam,
  choiceParamOr,
  pagingQuery,
  singleTextParam,
  yesNoParam,
} from "./query-schemas";

// What a handler gets from a query, and what a query it cannot use is refused with: the issue
// requestRefusal turns into the 400 (its sentence, and its problem under params).

const paging = z.object(
  pagingQuery({ defaultSize: 20, maxSize: 100, pageProblem: "Bad page.", perPageProblem: "Bad size." }),
);

const refusalOf = (schema: z.ZodType, query: unknown) => {
  const result = schema.safeParse(query);
  expect(result.success).toBe(false);
  const [issue] = result.error?.issues ?? [];
  return { field: issue?.path[0], message: issue?.message, problem: (issue as { params?: unknown }).params };
};

describe("query parameters", () => {
  it("give a page and its size as numbers, their defaults when absent or empty", () => {
    expect(paging.parse({})).toEqual({ page: 1, per_page: 20 });
    expect(paging.parse({ page: "", per_page: "" })).toEqual({ page: 1, per_page: 20 });
    expect(paging.parse({ page: "3", per_page: "100" })).toEqual({ page: 3, per_page: 100 });
  });

  it("refuse a page that is not a whole number in range, or repeated, with its own sentence", () => {
    for (const page of ["0", "-1", "1.5", "+1", " 1", "two", "1e3", ["1", "2"]]) {
      expect(refusalOf(paging, { page }), String(page)).toEqual({
        field: "page",
        message: "Bad page.",
        problem: { problem: { key: "code.VALIDATION_FAILED", params: {} } },
      });
    }
    expect(refusalOf(paging, { per_page: "101" }).message).toBe("Bad size.");
  });

  it("carry a refusal's own problem when it has one", () => {
    const status = z.object({
      status: choiceParamOr(
        ["new", "done"],
        { description: "", fallback: "new" },
        { message: "Choose new or done.", problem: problem("request.fieldInvalid", { field: "status" }) },
      ),
    });
    expect(status.parse({})).toEqual({ status: "new" });
    expect(refusalOf(status, { status: "old" }).problem).toEqual({
      problem: { key: "request.fieldInvalid", params: { field: "status" } },
    });
  });

  it("trim a search, refuse one too long, and read days and yes-or-no as written", () => {
    const query = z.object({
      q: singleTextParam({ maxLength: 5, description: "" }, "Too long."),
      day: calendarDayParam("", "Not a day.", { repeated: "Once only." }),
      hxl: yesNoParam("", "Say 1 or 0."),
    });
    expect(query.parse({ q: " ab ", day: "2026-02-28", hxl: "true" })).toEqual({
      q: "ab",
      day: "2026-02-28",
      hxl: true,
    });
    expect(query.parse({})).toEqual({ hxl: false });
    expect(refusalOf(query, { q: "abcdef" }).message).toBe("Too long.");
    expect(refusalOf(query, { day: "2026-02-30" }).message).toBe("Not a day.");
    expect(refusalOf(query, { day: ["2026-01-01", "2026-01-02"] }).message).toBe("Once only.");
    expect(refusalOf(query, { hxl: "yes" }).message).toBe("Say 1 or 0.");
  });

  it("read a repeatable parameter as the list of its values, empty ones skipped, any bad one refused", () => {
    const query = z.object({
      status: choiceListParam(
        ["open", "shut"],
        "",
        (text) => (["open", "shut"] as const).find((known) => known === text.trim().toLowerCase()),
        "Say open or shut.",
      ),
    });
    expect(query.parse({})).toEqual({});
    expect(query.parse({ status: "" })).toEqual({});
    expect(query.parse({ status: ["", " "] })).toEqual({});
    expect(query.parse({ status: " Open " })).toEqual({ status: ["open"] });
    expect(query.parse({ status: ["shut", "", "OPEN"] })).toEqual({ status: ["shut", "open"] });
    expect(refusalOf(query, { status: ["open", "ajar"] })).toEqual({
      field: "status",
      message: "Say open or shut.",
      problem: { problem: { key: "code.VALIDATION_FAILED", params: {} } },
    });
  });
});
