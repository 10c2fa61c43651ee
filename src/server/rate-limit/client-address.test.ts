import { describe, expect, it } from "vitest";
import { clientAddressKey } from "./client-address";

describe("the client an address counts as", () => {
  it("is the IPv4 address itself", () => {
    expect(clientAddressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddressKey("203.0.113.8")).not.toBe(clientAddressKey("203.0.113.7"));
  });

  it("is the /64 of an IPv6 address, however it is written", () => {
    const key = clientAddressKey("2001:db8:85a3:12::1");
    expect(clientAddressKey("2001:db8:85a3:12:ffff:ffff:ffff:ffff")).toBe(key);
    expect(clientAddressKey("2001:0DB8:85A3:0012:0000:0000:0000:0042")).toBe(key);
    expect(clientAddressKey("2001:db8:85a3:13::1")).not.toBe(key);
    expect(key).toBe("2001:db8:85a3:12::");
  });

  it("is the IPv4 client of an IPv4-mapped IPv6 address", () => {
    expect(clientAddressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddressKey("::ffff:cb00:7107")).toBe("203.0.113.7");
  });
});
