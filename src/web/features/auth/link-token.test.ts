import { describe, expect, it } from "vitest";
import { tokenFromLink } from "./link-token";

const token = "k3J9xQ2mVb7nR4tY8wZ1aC5dE6fG0hI2jL3mN4oP5qR";

describe("the token of an e-mailed link", () => {
  it("is read from the query first", () => {
    expect(
      tokenFromLink({
        search: `?token=${token}`,
        pathname: "/reset-password",
        routeToken: "other-token-123",
      }),
    ).toBe(token);
  });

  it("is read from the route when the query has none", () => {
    expect(tokenFromLink({ search: "", pathname: `/reset-password/${token}`, routeToken: token })).toBe(
      token,
    );
  });

  it("is read from the last path segment, decoded", () => {
    expect(
      tokenFromLink({ search: "", pathname: `/verify-email/x/${encodeURIComponent("abc def-ghijkl")}` }),
    ).toBe("abc def-ghijkl");
  });

  it("is read from navigation state last", () => {
    expect(tokenFromLink({ search: "", pathname: "/reset-password", state: { token } })).toBe(token);
  });

  it("must be longer than 10 characters", () => {
    expect(tokenFromLink({ search: "?token=0123456789", pathname: "/reset-password" })).toBeNull();
    expect(
      tokenFromLink({ search: "", pathname: "/verify-email/0123456789", routeToken: "0123456789" }),
    ).toBeNull();
    expect(tokenFromLink({ search: "?token=01234567890", pathname: "/reset-password" })).toBe("01234567890");
  });

  it("skips a short candidate and takes the next that is long enough", () => {
    expect(
      tokenFromLink({ search: "?token=short", pathname: `/reset-password/${token}`, routeToken: token }),
    ).toBe(token);
  });

  it("is missing when the page's own name is the only segment", () => {
    expect(tokenFromLink({ search: "", pathname: "/reset-password" })).toBeNull();
    expect(tokenFromLink({ search: "", pathname: "/verify-email/", state: { token: 42 } })).toBeNull();
  });
});
