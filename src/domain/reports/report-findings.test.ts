import { describe, expect, it } from "vitest";
import { findIdentifyingText, redactSpan, unconfirmedFindings, type FindingContext } from "./report-findings";

const kaduna: FindingContext = {
  firstName: "Aisha",
  lastName: "Bello",
  showFirstName: false,
  precision: "state",
  lga: "Kaduna North",
  placeName: null,
  stateTowns: ["Kaduna North", "Kaduna South", "Zaria"],
};

const found = (text: string, context: FindingContext = kaduna) =>
  findIdentifyingText(text, context).map(({ kind, text: words }) => [kind, words]);

describe("findIdentifyingText", () => {
  it("finds the facility of a state-only report, its phone number and the reporter's surname", () => {
    const text = "No ramp at General Hospital Kawo. Ask for Mrs Bello on 0803 123 4567.";
    const findings = findIdentifyingText(text, kaduna);
    expect(findings.map(({ kind, text: words }) => [kind, words])).toEqual([
      ["facility", "General Hospital Kawo"],
      ["name", "Bello"],
      ["phone", "0803 123 4567"],
    ]);
    for (const finding of findings) expect(text.slice(finding.start, finding.end)).toBe(finding.text);
  });

  it("finds Nigerian phone numbers written in the usual ways", () => {
    expect(found("call 08031234567, +234 803 123 4567, 234-805-000-1111 or 0703-111-2222")).toEqual([
      ["phone", "08031234567"],
      ["phone", "+234 803 123 4567"],
      ["phone", "234-805-000-1111"],
      ["phone", "0703-111-2222"],
    ]);
    expect(found("it cost 2500 naira in 2024")).toEqual([]);
  });

  it("finds e-mail and web addresses, each once", () => {
    expect(found("write to help@example.org or see https://example.com/a and www.kawo.ng")).toEqual([
      ["email", "help@example.org"],
      ["web", "https://example.com/a"],
      ["web", "www.kawo.ng"],
    ]);
  });

  it("finds house and plot numbers and street addresses", () => {
    expect(found("at No. 12, at Plot 4 and at 12 Adeola Street")).toEqual([
      ["address", "No. 12"],
      ["address", "Plot 4"],
      ["address", "12 Adeola Street"],
    ]);
  });

  it("finds named facilities, not the words alone", () => {
    expect(found("the hospital and the school were closed")).toEqual([]);
    expect(found("Kawo Primary Health Centre and St Joseph Church")).toEqual([
      ["facility", "Kawo Primary Health Centre"],
      ["facility", "St Joseph Church"],
    ]);
  });

  it("finds the state's towns only when the reporter published the state alone", () => {
    expect(found("the road in zaria is bad")).toEqual([["town", "zaria"]]);
    expect(found("the road in Zaria is bad", { ...kaduna, precision: "lga" })).toEqual([]);
    expect(found("near Kawo", { ...kaduna, precision: "lga", placeName: "Kawo" })).toEqual([
      ["town", "Kawo"],
    ]);
    expect(found("near Kawo", { ...kaduna, precision: "place", placeName: "Kawo" })).toEqual([]);
  });

  it("finds the reporter's names, but not a first name they chose to publish", () => {
    expect(found("Aisha Bello wrote this")).toEqual([
      ["name", "Aisha"],
      ["name", "Bello"],
    ]);
    expect(found("Aisha Bello wrote this", { ...kaduna, showFirstName: true })).toEqual([["name", "Bello"]]);
  });
});

describe("redactSpan and unconfirmedFindings", () => {
  it("replaces a span with [removed] and refuses spans outside the text", () => {
    expect(redactSpan("call 0803 123 4567 now", 5, 18)).toBe("call [removed] now");
    expect(redactSpan("short", 2, 9)).toBeNull();
    expect(redactSpan("short", 3, 3)).toBeNull();
  });

  it("lists each finding not confirmed once", () => {
    const findings = findIdentifyingText("Bello, Bello and 08031234567", kaduna);
    expect(unconfirmedFindings(findings, []).map((finding) => finding.id)).toEqual([
      "name:bello",
      "phone:08031234567",
    ]);
    expect(unconfirmedFindings(findings, ["name:bello", "phone:08031234567"])).toEqual([]);
  });
});
