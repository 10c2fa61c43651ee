import { describe, expect, it } from "vitest";
import { publishedQueryFrom, publishedSearch, reviewQueryFrom, reviewSearch } from "./report-list-query";

const params = (search: string) => new URLSearchParams(search);

describe("the review queue's address", () => {
  it("defaults to pending reports of every type, page 1, and leaves the defaults out of the address", () => {
    expect(reviewQueryFrom(params(""))).toEqual({ status: "pending", commentType: null, page: 1 });
    expect(reviewSearch({ status: "pending", commentType: null, page: 1 })).toBe("");
  });

  it("reads and writes a status, a comment type and a page", () => {
    const query = reviewQueryFrom(params("?status=rejected&commentType=question&page=3"));
    expect(query).toEqual({ status: "rejected", commentType: "question", page: 3 });
    expect(reviewSearch(query)).toBe("?status=rejected&commentType=question&page=3");
  });

  it("ignores what it does not know: an unknown status or type, a page that is not a whole positive number", () => {
    expect(reviewQueryFrom(params("?status=deleted&commentType=rumour&page=-2"))).toEqual({
      status: "pending",
      commentType: null,
      page: 1,
    });
    expect(reviewQueryFrom(params("?page=1.5")).page).toBe(1);
    expect(reviewQueryFrom(params("?commentType=")).commentType).toBeNull();
  });
});

describe("the public list's address", () => {
  it("reads and writes a comment type and a page, leaving out every type and page 1", () => {
    expect(publishedQueryFrom(params("?commentType=barrier&page=2"))).toEqual({
      commentType: "barrier",
      page: 2,
    });
    expect(publishedSearch({ commentType: "barrier", page: 2 })).toBe("?commentType=barrier&page=2");
    expect(publishedSearch({ commentType: null, page: 1 })).toBe("");
    // What the GET form sends for "All types" before the script runs.
    expect(publishedQueryFrom(params("?commentType="))).toEqual({ commentType: null, page: 1 });
  });
});
