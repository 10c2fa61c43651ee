import { describe, expect, it } from "vitest";
import { csvField } from "../opendata/csv";
import { csvDocument } from "../opendata/documents";
import { openSchoolRecord, schoolFields as openSchoolColumns } from "../opendata/datasets";
import type { School } from "../datasets/schemas";
import {
  IMPORT_MAX_ROWS,
  ImportRefusal,
  importColumns,
  planImport,
  type ExistingSchool,
} from "./school-import";
import { seededSchools } from "../../test/datasets";

const context = { thisYear: 2026 };
const seeded = seededSchools;
const schools = new Map<string, ExistingSchool>(
  seeded.map((school) => [
    String(school.id),
    {
      id: String(school.id),
      version: 1,
      status: "open",
      mergedInto: null,
      data: school as unknown as Record<string, unknown>,
    },
  ]),
);
const abia = seeded[0] as School;

const header = "id,name,state,local_government,type,disability_groups,boarding,ownership,website,phone\r\n";

function refusal(text: string): ImportRefusal {
  try {
    planImport(text, schools, context);
  } catch (error) {
    if (error instanceof ImportRefusal) return error;
    throw error;
  }
  throw new Error("the file was not refused");
}

describe("planning a schools import from a CSV with schools.csv's columns", () => {
  it("takes the very schools.csv the site publishes as changing nothing", () => {
    const exported = csvDocument(
      openSchoolColumns,
      seeded.map((school) => openSchoolRecord(school, [])),
      false,
    );
    const plan = planImport(exported, schools, context);
    expect(plan.problems).toEqual([]);
    expect(plan).toMatchObject({ rows: seeded.length, additions: [], changes: [], unchanged: seeded.length });
    expect(plan.ignoredColumns).toEqual(["state_id", "picture_url", "as_of", "status"]);
  });

  it("lists a new school as an addition and an existing one's changed fields old → new, only those", () => {
    const text =
      header +
      ",Ikeja Inclusive Primary,lagos,ikeja,Primary; special,hearing,day,public,https://ikeja.example.ng,0803 123 4567\r\n" +
      `1,${csvField(abia.name)},Abia,,special,visual; hearing,boarding,public,,\r\n`;
    const plan = planImport(text, schools, context);
    expect(plan.problems).toEqual([]);
    expect(plan.additions).toEqual([
      {
        row: 2,
        recordId: null,
        baseVersion: null,
        name: "Ikeja Inclusive Primary",
        state: "Lagos",
        fields: expect.arrayContaining([
          { field: "name", from: null, to: "Ikeja Inclusive Primary" },
          { field: "state", from: null, to: "Lagos" },
          { field: "local_government", from: null, to: "Ikeja" },
          { field: "type", from: null, to: ["primary", "special"] },
          { field: "phone", from: null, to: "+2348031234567" },
        ]),
      },
    ]);
    expect(plan.changes).toEqual([
      {
        row: 3,
        recordId: "1",
        baseVersion: 1,
        name: abia.name,
        state: "Abia",
        fields: [{ field: "disability_groups", from: ["visual"], to: ["visual", "hearing"] }],
      },
    ]);
  });

  it("sets only a new school's filled cells: empty ones keep the document's defaults", () => {
    const plan = planImport(
      "id,name,state,website,sources,type\r\n,Hope School,Kano,,,\r\n",
      schools,
      context,
    );
    expect(plan.additions[0]?.fields).toEqual([
      { field: "name", from: null, to: "Hope School" },
      { field: "state", from: null, to: "Kano" },
    ]);
  });

  it("lists each row's problem by row, column and the field's own rule", () => {
    const text =
      header +
      ",,Lagos,,primary,,,,,\r\n" +
      ",Kano School,Kano,Ikeja,tertiary,,weekly,,ftp://x.example,12\r\n" +
      "abc,Jos School,Plateau,,,,,,,\r\n" +
      '2,"=HYPERLINK(""http://x"")",Abia,,,,,,,\r\n' +
      "1,too few cells\r\n";
    const plan = planImport(text, schools, context);
    const found = plan.problems.map(({ row, column, key }) => `${row} ${column} ${key}`);
    expect(found).toEqual([
      "2 name required",
      "3 local_government lga",
      "3 type choice",
      "3 boarding choice",
      "3 website url",
      "3 phone phone",
      "4 id importId",
      "5 name formula",
      "6  cellCount",
    ]);
    expect(plan.additions).toEqual([]);
  });

  it("refuses a second school with a name already in the directory, or twice in the file, and an id twice", () => {
    const text =
      header +
      `,${csvField(abia.name.toUpperCase())},Abia,,,,,,,\r\n` +
      ",New School,Kano,,,,,,,\r\n" +
      ",New  school,kano,,,,,,,\r\n" +
      "1,A,Abia,,,,,,,\r\n" +
      "1,B,Abia,,,,,,,\r\n";
    const found = planImport(text, schools, context).problems.map(
      ({ row, key, values }) => `${row} ${key} ${JSON.stringify(values)}`,
    );
    expect(found).toEqual([
      '2 duplicateSchool {"id":"1"}',
      '4 duplicateRow {"row":3}',
      '6 duplicateId {"row":5}',
    ]);
  });

  it("takes a formula marked as text (the apostrophe spreadsheetSafe adds) as the text itself", () => {
    const plan = planImport(`id,name,state\r\n,'=Hope School,Kano\r\n`, schools, context);
    expect(plan.problems).toEqual([]);
    expect(plan.additions[0]?.name).toBe("=Hope School");
  });

  it("skips empty rows and the HXL hashtag row, and counts rows as a spreadsheet does", () => {
    const text = 'id,name,state\r\n#meta+id,#loc+name,#adm1+name\r\n,,\r\n,"Two\nlines",Kano\r\n,,Lagos\r\n';
    const plan = planImport(text, schools, context);
    expect(plan.rows).toBe(2);
    expect(plan.problems.map(({ row, column }) => `${row} ${column}`)).toEqual(["5 name"]);
  });

  it("refuses a file whose header is not schools.csv's, or that is empty, unreadable or too long", () => {
    expect(refusal("id,name,state,colour\r\n").key).toBe("unknownColumns");
    expect(refusal("id,name,state,colour\r\n").values.columns).toBe("colour");
    expect(refusal("id,name\r\n")).toMatchObject({ key: "missingColumns", values: { columns: "state" } });
    expect(refusal("id,name,state,name\r\n").key).toBe("duplicateColumns");
    expect(refusal("\uFEFF\r\n").key).toBe("empty");
    expect(refusal('id,name,state\r\n,"Kano,Kano\r\n')).toMatchObject({
      key: "unclosedQuote",
      values: { row: 2 },
    });
    const many = "id,name,state\r\n" + ",School,Kano\r\n".repeat(IMPORT_MAX_ROWS + 1);
    expect(refusal(many).key).toBe("tooManyRows");
    expect(importColumns).toContain("description");
  });
});
