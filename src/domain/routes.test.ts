import { describe, expect, it } from "vitest";
import {
  addressWithoutSecrets,
  hasOwnNotFound,
  isClientOnlyPath,
  isSecretLinkPath,
  isSignedInAreaPath,
} from "./routes";
import { pageKeeping, pageQuery } from "./page-query";

describe("addressWithoutSecrets", () => {
  const token = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";

  it("keeps an ordinary page's address and query as they are", () => {
    expect(addressWithoutSecrets("/ha/states/25", "")).toBe("/ha/states/25");
    expect(addressWithoutSecrets("/yo", "?state=kano")).toBe("/yo?state=kano");
    expect(addressWithoutSecrets("/schools/7", "")).toBe("/schools/7");
  });

  it("leaves out an e-mailed link's token, in the path or the query, in any language", () => {
    expect(addressWithoutSecrets(`/reset-password/${token}`, "")).toBe("/reset-password");
    expect(addressWithoutSecrets(`/ig/verify-email/${token}`, "")).toBe("/ig/verify-email");
    expect(addressWithoutSecrets("/ha/verify-email", `?token=${token}`)).toBe("/ha/verify-email");
    expect(addressWithoutSecrets("/pcm/reset-password", "")).toBe("/pcm/reset-password");
    // The router matches paths in any case, its language prefix included.
    expect(addressWithoutSecrets(`/HA/Reset-Password/${token}`, "")).toBe("/HA/Reset-Password");
    expect(addressWithoutSecrets(`/Verify-Email`, `?token=${token}`)).toBe("/Verify-Email");
  });
});

describe("the pages the server answers with the app shell", () => {
  const languages = ["en", "ha", "ig", "pcm", "yo"];

  it("knows the signed-in and e-mailed-link pages, under any language's prefix and in any case", () => {
    for (const path of [
      "/dashboard",
      "/ha/dashboard/profile/",
      "/IG/Reset-Password/abc",
      "/Yo/Verify-Email",
    ]) {
      expect(isClientOnlyPath(path, languages), path).toBe(true);
    }
    for (const path of ["/", "/about", "/fr/dashboard", "/dashboards", "/ha/states/25"]) {
      expect(isClientOnlyPath(path, languages), path).toBe(false);
    }
  });

  it("leaves an unknown path under /dashboard to the server's 'Page not found'; it stays in the signed-in area", () => {
    for (const path of [
      "/dashboard/data/state/25",
      "/yo/dashboard/data/documents",
      "/ha/Dashboard/User-Roles",
    ]) {
      expect(isClientOnlyPath(path, languages), path).toBe(true);
    }
    for (const path of [
      "/dashboard/xyz",
      "/ha/dashboard/xyz",
      "/dashboard/profile/more",
      "/dashboard/data/a/b/c",
    ]) {
      expect(isClientOnlyPath(path, languages), path).toBe(false);
      expect(isSignedInAreaPath(path, languages), path).toBe(true);
    }
    expect(isSignedInAreaPath("/dashboards", languages)).toBe(false);
    expect(isSignedInAreaPath("/ha/states/25", languages)).toBe(false);
  });

  it("renders the public history pages on the server like every public page", () => {
    for (const path of ["/changes", "/ha/changes", "/states/25/history", "/yo/schools/118/history/"]) {
      expect(isClientOnlyPath(path, languages), path).toBe(false);
    }
  });

  it("marks only the e-mailed links' pages as carrying a secret", () => {
    expect(isSecretLinkPath("/pcm/RESET-PASSWORD/abc", languages)).toBe(true);
    expect(isSecretLinkPath("/verify-email", languages)).toBe(true);
    expect(isSecretLinkPath("/dashboard", languages)).toBe(false);
    expect(isSecretLinkPath("/reset-passwords", languages)).toBe(false);
  });

  it("leaves unknown state and school ids to those pages' own 'not found', in any case", () => {
    expect(hasOwnNotFound("/States/99", languages)).toBe(true);
    expect(hasOwnNotFound("/yo/schools/abc/", languages)).toBe(true);
    expect(hasOwnNotFound("/states/99/more", languages)).toBe(false);
    expect(hasOwnNotFound("/about", languages)).toBe(false);
  });
});

describe("pageQuery", () => {
  const languages = ["en", "ha", "ig", "pcm", "yo"];
  const query = (pathname: string, search: string) =>
    pageQuery(pathname, new URLSearchParams(search), languages);

  it("keeps the history pages' filter and paging, in a fixed order, and nothing else", () => {
    expect(query("/changes", "?page=2&kind=School&utm_source=x&state=25")).toBe(
      "?state=25&kind=school&page=2",
    );
    expect(query("/ha/changes/", "?state=25")).toBe("?state=25");
    expect(query("/states/25/history", "?page=3&state=1")).toBe("?page=3");
    expect(query("/changes", "?state=Lagos&page=-1")).toBe("");
  });

  it("keeps the view and year of the law explorer (/states, a state's page)", () => {
    expect(query("/yo/states/3", "?sort=rank&year=2015&view=Map")).toBe("?view=map&year=2015");
    expect(query("/states", "?view=pie&year=soon")).toBe("");
  });

  it("keeps /states' table filters and sorting, each status once, so the server renders them", () => {
    expect(
      query("/states", "?zone=North++East&status=passed&status=PENDING&status=bogus&status=passed&sort=Rank"),
    ).toBe("?zone=north+east&status=passed&status=pending&sort=rank");
    expect(query("/yo/states", "?dir=descending&status=no-law-yet&view=map")).toBe(
      "?status=no-law-yet&dir=descending&view=map",
    );
    expect(query("/states", "?zone=Middle+Belt&sort=budget&dir=up")).toBe("");
    // Thousands of combinations: kept apart from the pages everyone reads.
    expect(pageKeeping("/states", "?status=pending", languages)).toBe("occasional");
    expect(pageKeeping("/states", "?view=map&year=2015", languages)).toBe("kept");
  });

  it("keeps the explorer's indicator, and its year or group only where that indicator shows one", () => {
    expect(query("/states", "?indicator=Schools&group=hearing&year=2015&view=map")).toBe(
      "?indicator=schools&view=map&group=hearing",
    );
    expect(query("/states/25", "?indicator=reports&group=hearing&year=2015")).toBe("?indicator=reports");
    expect(query("/states", "?indicator=spread&year=2015&group=visual")).toBe("?indicator=spread&year=2015");
    expect(query("/states", "?year=2015&group=visual")).toBe("?year=2015");
    expect(query("/states", "?indicator=status&view=table")).toBe("?indicator=status&view=table");
    // Anything else is no indicator and no group: the page a link without them shows.
    expect(query("/states", "?indicator=budget&group=deaf")).toBe("");
    expect(query("/states", "?indicator=schools&group=all")).toBe("?indicator=schools");
  });

  it("gives every other page no query of its own", () => {
    expect(query("/states/25", "?page=2")).toBe("");
    expect(query("/states/25", "?view=table")).toBe("?view=table");
    expect(query("/", "?state=25")).toBe("");
  });
});
