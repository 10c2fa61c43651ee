import { describe, expect, it } from "vitest";
import { normaliseSearch, SEARCH_MAX_LENGTH, userListQueryFrom, userListSearch } from "./user-list-query";

describe("the user table's address", () => {
  it("reads the page and the search, page 1 when the page is missing or not a whole positive number", () => {
    expect(userListQueryFrom(new URLSearchParams("page=3&search=%20ada%20%20obi%20"))).toEqual({
      page: 3,
      search: "ada obi",
    });
    for (const page of ["", "0", "-2", "1.5", "two"]) {
      expect(userListQueryFrom(new URLSearchParams(`page=${page}`))).toEqual({ page: 1, search: "" });
    }
  });

  it("writes only what differs from the first page without a search", () => {
    expect(userListSearch({ page: 1, search: "" })).toBe("");
    expect(userListSearch({ page: 2, search: "" })).toBe("?page=2");
    expect(userListSearch({ page: 1, search: "ada@example.org" })).toBe("?search=ada%40example.org");
    expect(userListSearch({ page: 4, search: "ada obi" })).toBe("?search=ada+obi&page=4");
  });

  it("cuts a very long search instead of refusing it", () => {
    expect(normaliseSearch("a".repeat(SEARCH_MAX_LENGTH + 20))).toHaveLength(SEARCH_MAX_LENGTH);
  });
});
