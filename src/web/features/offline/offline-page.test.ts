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

  it("lists the reports waiting on the phone, with their type, first words and when they were queued", () => {
    const page = offlinePageFor("/dashboard", [
      {
        commentType: "barrier",
        comment: "The ramp at the Yaba bus terminal ends in a step of thirty centimetres, <b>and</b> more",
        queuedAt: Date.UTC(2026, 10, 28, 9, 30),
      },
      { commentType: "question", comment: "Who fixes it?", queuedAt: Date.UTC(2026, 10, 28, 10, 0) },
    ]);
    document.documentElement.innerHTML = page.replace(/^<!doctype html>\s*<html[^>]*>/, "");
    const section = document.querySelector("section");
    expect(section?.querySelector("h2")?.textContent).toBe("Reports waiting on this phone");
    expect(section?.querySelector("p")?.textContent).toBe(
      "They will be sent by themselves when the phone is back online.",
    );
    const items = [...document.querySelectorAll("li")].map((item) => item.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(
      /^Barrier: The ramp at the Yaba bus terminal ends in a step of…Kept on this phone since 28 November 2026/,
    );
    expect(items[1]).toMatch(/^Question: Who fixes it\?Kept on this phone since /);
    // The reporter's words are text, never markup.
    expect(document.querySelector("li b")).toBeNull();
    expect(page).not.toMatch(/<script/i);
  });

  it("says nothing of reports when none waits, and speaks the page's language when some do", () => {
    expect(offlinePageFor("/dashboard", [])).toBe(offlinePageHtml);
    expect(offlinePageHtml).not.toContain("<section");
    const hausa = offlinePageFor("/ha/states", [
      { commentType: "barrier", comment: "Matakala", queuedAt: 0 },
    ]);
    document.documentElement.innerHTML = hausa.replace(/^<!doctype html>\s*<html[^>]*>/, "");
    expect(document.querySelector("h2")?.textContent).toBe("Rahotannin da ke jira a wannan wayar");
    expect(document.querySelector("li strong")?.textContent).not.toBe("Barrier");
  });
});
