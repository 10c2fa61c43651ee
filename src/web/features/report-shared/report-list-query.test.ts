import { describe, expect, it } from "vitest";
import {
  everyPublished,
  publishedQueryFrom,
  publishedSearch,
  reviewQueryFrom,
  reviewSearch,
} from "./report-list-query";

const params = (search: string) => new URLSearchParams(search);

describe("the review queue's address", () => {
  it("defaults to pending reports of every type, page 1, and leaves the defaults out of the address", () => {
    expect(reviewQueryFrom(params(""))).toEqual({
      status: "pending",
      commentType: null,
      stateId: null,
      page: 1,
    });
    expect(reviewSearch({ status: "pending", commentType: null, stateId: null, page: 1 })).toBe("");
  });

  it("reads and writes a status, a comment type and a page", () => {
    const query = reviewQueryFrom(params("?status=rejected&commentType=question&state=25&page=3"));
    expect(query).toEqual({ status: "rejected", commentType: "question", stateId: 25, page: 3 });
    expect(reviewSearch(query)).toBe("?status=rejected&commentType=question&state=25&page=3");
  });

  it("ignores what it does not know: an unknown status or type, a page that is not a whole positive number", () => {
    expect(reviewQueryFrom(params("?status=deleted&commentType=rumour&state=38&page=-2"))).toEqual({
      status: "pending",
      commentType: null,
      stateId: null,
      page: 1,
    });
    expect(reviewQueryFrom(params("?state=2.5")).stateId).toBeNull();
    expect(reviewQueryFrom(params("?page=1.5")).page).toBe(1);
    expect(reviewQueryFrom(params("?commentType=")).commentType).toBeNull();
  });
});

describe("the public list's address", () => {
  it("reads and writes a comment type and a page, leaving out every type and page 1", () => {
    expect(publishedQueryFrom(params("?commentType=barrier&page=2"))).toEqual({
      ...everyPublished,
      commentType: "barrier",
      page: 2,
    });
    expect(publishedSearch({ ...everyPublished, commentType: "barrier", page: 2 })).toBe(
      "?commentType=barrier&page=2",
    );
    expect(publishedSearch(everyPublished)).toBe("");
    // What the GET form sends for "All types" before the script runs.
    expect(publishedQueryFrom(params("?commentType=&state=&lga=&from=&to="))).toEqual(everyPublished);
  });

  it("reads and writes a state, one of its LGAs and a range of dates", () => {
    const query = publishedQueryFrom(params("?state=25&lga=ikeja&from=2026-01-01&to=2026-11-20"));
    expect(query).toEqual({
      ...everyPublished,
      stateId: 25,
      lga: "Ikeja",
      from: "2026-01-01",
      to: "2026-11-20",
    });
    expect(publishedSearch(query)).toBe("?state=25&lga=Ikeja&from=2026-01-01&to=2026-11-20");
  });

  it("drops an LGA without its state or of another state, and days that do not exist", () => {
    expect(publishedQueryFrom(params("?lga=Ikeja")).lga).toBeNull();
    expect(publishedQueryFrom(params("?state=20&lga=Ikeja"))).toEqual({ ...everyPublished, stateId: 20 });
    expect(publishedQueryFrom(params("?from=2026-02-30&to=yesterday"))).toEqual(everyPublished);
    expect(publishedSearch({ ...everyPublished, lga: "Ikeja" })).toBe("");
  });

  it("reads a range written backwards the right way round, so the server is never sent it", () => {
    expect(publishedQueryFrom(params("?from=2026-03-01&to=2026-02-01"))).toEqual({
      ...everyPublished,
      from: "2026-02-01",
      to: "2026-03-01",
    });
  });
});
