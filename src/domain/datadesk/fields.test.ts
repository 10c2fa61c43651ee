import { describe, expect, it } from "vitest";
import en from "../../i18n/catalogues/en/datadesk.json" with { type: "json" };
import { changeProblemKeys } from "../api/datadesk";
import {
  editSchema,
  editablePaths,
  editableKinds,
  fieldAt,
  fieldProblemKeys,
  fieldsOf,
  rankNumber,
  recordProblems,
  sameValue,
  valueAt,
  withValueAt,
} from "./fields";

const context = { thisYear: 2026 };
const messages = en as Record<string, string>;

/** The problem keys an edit of `fields` gets, by field. */
function problemsOf(kind: (typeof editableKinds)[number], fields: Record<string, unknown>) {
  const result = editSchema(kind, context).safeParse(fields);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

function valuesOf(kind: (typeof editableKinds)[number], fields: Record<string, unknown>) {
  const result = editSchema(kind, context).safeParse(fields);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

describe("the data desk's fields", () => {
  it("has a label in the catalogue for every field and a message for every problem", () => {
    for (const kind of editableKinds) {
      for (const field of fieldsOf[kind]) {
        expect(messages[field.label.replace(/^datadesk\./, "")], field.label).toBeTruthy();
      }
    }
    for (const key of [...fieldProblemKeys, ...changeProblemKeys]) {
      expect(messages[`problem.${key}`], key).toBeTruthy();
    }
  });

  it("describes translations of readers' texts in the four languages", () => {
    expect(editablePaths("state")).toContain("translations.ha.desc");
    expect(editablePaths("state")).toContain("translations.pcm.key_findings");
    expect(editablePaths("school")).toContain("translations.yo.desc");
    expect(fieldAt("school", "translations.ig.desc")?.path).toBe("desc");
    expect(fieldAt("state", "translations.fr.desc")).toBeNull();
    expect(fieldAt("state", "translations.ha.agency")).toBeNull();
  });

  it("holds a translation to its English field's rules: no HTML, the same length, a known language", () => {
    const longest = { "translations.yo.desc": "à".repeat(3000), "translations.pcm.desc": "a".repeat(3000) };
    expect(problemsOf("school", longest)).toEqual({});
    expect(problemsOf("state", { "translations.ha.desc": "a".repeat(3001) })).toEqual({
      "translations.ha.desc": "tooLong",
    });
    const findings = [
      "Lafiya: asibitoci.",
      "Ilimi: makarantu.",
      "Aiki: ayyuka.",
      "Gine-gine: hanyoyi.",
      "Tallafi: kuɗi.",
    ];
    expect(valuesOf("state", { "translations.ha.key_findings": findings })).toEqual({
      "translations.ha.key_findings": findings,
    });
    expect(
      problemsOf("state", { "translations.ig.key_findings": [...findings.slice(0, 4), "a".repeat(1001)] }),
    ).toEqual({ "translations.ig.key_findings.4": "tooLong" });
    expect(problemsOf("state", { "translations.ig.key_findings": findings.slice(0, 4) })).toEqual({
      "translations.ig.key_findings": "findingsCount",
    });
    expect(problemsOf("school", { "translations.pcm.desc": "See <a href=x>here</a>" })).toEqual({
      "translations.pcm.desc": "html",
    });
    // Only Hausa, Yoruba, Igbo and Pidgin; English is the field itself; only the texts readers read.
    for (const path of ["translations.fr.desc", "translations.en.desc", "translations.ha.agency"]) {
      expect(problemsOf("state", { [path]: "Text." }), path).toEqual({ "": "unknownField" });
    }
    expect(valuesOf("school", { "translations.yo.desc": "  Ilé-ẹ̀kọ́.  " })).toEqual({
      "translations.yo.desc": "Ilé-ẹ̀kọ́.",
    });
  });

  it("normalises values to the document's form", () => {
    expect(valuesOf("state", { ranking: 3, phone: ["0803 123 4567", ""], status: "Passed" })).toEqual({
      ranking: "3rd",
      phone: ["+2348031234567"],
      status: "Passed",
    });
    expect(valuesOf("state", { ranking: "11" }).ranking).toBe("11th");
    expect(valuesOf("state", { ranking: null }).ranking).toBe("");
    expect(valuesOf("school", { state: "abuja", type: ["special", "special"] })).toEqual({
      state: "FCT",
      type: ["special"],
    });
    expect(valuesOf("school", { desc: "  Trimmed.  " }).desc).toBe("Trimmed.");
  });

  it("refuses each value its rule refuses, with the problem's key", () => {
    expect(problemsOf("state", { status: "Passed by decree" })).toEqual({ status: "choice" });
    expect(problemsOf("state", { "law.year": 1959 })).toEqual({ "law.year": "year" });
    expect(problemsOf("state", { "law.year": 2027 })).toEqual({ "law.year": "year" });
    expect(problemsOf("state", { ranking: 38 })).toEqual({ ranking: "rank" });
    expect(problemsOf("state", { ranking: 0 })).toEqual({ ranking: "rank" });
    expect(problemsOf("state", { score: 100.5 })).toEqual({ score: "score" });
    expect(problemsOf("state", { website: "ftp://example.org" })).toEqual({ website: "url" });
    expect(problemsOf("state", { website: "javascript:alert(1)" })).toEqual({ website: "url" });
    expect(problemsOf("state", { phone: ["+44 20 7946 0958"] })).toEqual({ "phone.0": "phone" });
    expect(problemsOf("state", { email: "not an address" })).toEqual({ email: "email" });
    expect(problemsOf("state", { desc: "Read <b>this</b>" })).toEqual({ desc: "html" });
    expect(problemsOf("state", { agency: "a".repeat(301) })).toEqual({ agency: "tooLong" });
    expect(problemsOf("state", { key_findings: ["one"] })).toEqual({ key_findings: "findingsCount" });
    expect(problemsOf("state", { "law.document_id": "not-a-uuid" })).toEqual({
      "law.document_id": "document",
    });
    expect(problemsOf("state", { "translations.ha.desc": "<script>x</script>" })).toEqual({
      "translations.ha.desc": "html",
    });
    expect(problemsOf("state", { code: "NG-XX" })).toEqual({ "": "unknownField" });
    expect(problemsOf("school", { name: "  " })).toEqual({ name: "required" });
    expect(problemsOf("school", { state: "Atlantis" })).toEqual({ state: "state" });
    expect(problemsOf("school", { latitude: 51.5 })).toEqual({ latitude: "latitude" });
    expect(problemsOf("estimate", { share_percent: -1 })).toEqual({ share_percent: "number" });
  });

  it("accepts what people write", () => {
    expect(problemsOf("state", { "law.year": 1960, score: 0, ranking: 37, email: "", website: "" })).toEqual(
      {},
    );
    expect(problemsOf("state", { "law.year": 2026, score: 100, email: "desk@lagosstate.gov.ng" })).toEqual(
      {},
    );
    expect(problemsOf("school", { latitude: 6.5, longitude: 3.4, phone: "803 123 4567" })).toEqual({});
    expect(problemsOf("state", { desc: "Scores: 3 < 5 and 7 > 2." })).toEqual({});
  });

  it("checks that a school's LGA is one of its state's and fixes its spelling", () => {
    const ok = recordProblems("school", { state: "Lagos", local_government: "ikeja" });
    expect(ok.problems).toEqual([]);
    expect(ok.document.local_government).toBe("Ikeja");
    const wrong = recordProblems("school", { state: "Kano", local_government: "Ikeja" });
    expect(wrong.problems).toEqual([{ field: "local_government", key: "lga", values: { state: "Kano" } }]);
    expect(recordProblems("school", { state: "Kano", local_government: "", latitude: 12 }).problems).toEqual([
      { field: "longitude", key: "coordinatesPair" },
    ]);
  });

  it("reads and writes dotted paths and compares JSON values", () => {
    const document = { law: { name: "A law", year: 2011 }, status: "Passed" };
    expect(valueAt(document, "law.year")).toBe(2011);
    expect(valueAt(document, "translations.ha.desc")).toBeUndefined();
    const written = withValueAt(document, "translations.ha.desc", "Rubutu");
    expect(written).toEqual({ ...document, translations: { ha: { desc: "Rubutu" } } });
    expect(document).toEqual({ law: { name: "A law", year: 2011 }, status: "Passed" });
    expect(sameValue({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue("", null)).toBe(false);
    expect(rankNumber("1st")).toBe(1);
    expect(rankNumber("")).toBeNull();
  });
});
