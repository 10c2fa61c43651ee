import { describe, expect, it } from "vitest";
import { offlinePageFor, offlinePageHtml, offlinePageSecurityPolicy } from "./offline-page";

describe("the offline page", () => {
  it("says 'You are offline' with a way to try again and a way home", () => {
    document.documentElement.innerHTML = offlinePageHtml.replace(/^<!doctype html>\s*<html[^>]*>/, "");
    expect(document.querySelector("h1")?.textContent).toBe("You are offline");
    expect(document.title).toBe("You are offline | Inclusion Atlas");
    const links = [...document.querySelectorAll("a")].map((link) => [
      link.textContent,
      link.getAttribute("href"),
    ]);
    expect(links).toEqual([
      ["Try again", ""],
      ["Go to the home page", "/"],
    ]);
  });

  it("runs no script and fetches nothing", () => {
    expect(offlinePageHtml).not.toMatch(/<script|<link|<img|src=/i);
    expect(offlinePageHtml).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(offlinePageSecurityPolicy).toMatch(/^default-src 'none';/);
    expect(offlinePageSecurityPolicy).not.toContain("script-src");
  });

  it("speaks the language of the address asked for, its home link that language's home page", () => {
    const hausa = offlinePageFor("/ha/dashboard/my-reports");
    expect(hausa).toMatch(/^<!doctype html>\n<html lang="ha">/);
    document.documentElement.innerHTML = hausa.replace(/^<!doctype html>\s*<html[^>]*>/, "");
    expect(document.querySelector("h1")?.textContent).toBe("Ba ku da haɗin intanet");
    expect(document.title).toBe("Ba ku da haɗin intanet | Inclusion Atlas");
    expect([...document.querySelectorAll("a")].map((link) => link.getAttribute("href"))).toEqual(["", "/ha"]);
    expect(offlinePageFor("/dashboard")).toBe(offlinePageHtml);
    expect(offlinePageFor("/xx/dashboard")).toBe(offlinePageHtml);
  });
});
