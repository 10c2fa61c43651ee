import { describe, expect, it } from "vitest";
import { invisibleCharacters, legitimateNames } from "../../test/names";
import { accountMessages } from "../accounts/messages";
import { placeMessages } from "./report-place";
import { reportMessages } from "./report-rules";
import {
  checkReportText,
  consentProblem,
  missingMessages,
  nameTooLong,
  reportState,
  videoUrlProblem,
  type ReportText,
} from "./report-fields";

const today = "2026-11-26";
const complete: ReportText = {
  firstName: " Amina ",
  lastName: "Bello",
  email: "amina@example.org",
  commentType: "Barrier",
  comment: " The ramp is too steep. ",
  stateId: "25",
  lga: " ikeja ",
  place: "",
  occurredOn: "2026-11-20",
};

describe("checkReportText", () => {
  it("gives the report trimmed, the type and LGA as the rules spell them, the state only by default", () => {
    expect(checkReportText(complete, today)).toEqual({
      problems: [],
      report: {
        firstName: "Amina",
        lastName: "Bello",
        email: "amina@example.org",
        commentType: "barrier",
        comment: "The ramp is too steep.",
        videoUrl: null,
        place: {
          stateId: 25,
          state: "Lagos",
          lga: "Ikeja",
          place: null,
          occurredOn: "2026-11-20",
          precision: "state",
        },
      },
    });
  });

  it("lists every problem in the server's order, saying which fields were left empty", () => {
    const { problems, report } = checkReportText(
      {
        firstName: "a".repeat(101),
        lastName: "",
        email: "amina@",
        commentType: "complaint",
        comment: "",
        videoUrl: "ftp://example.org/clip.mp4",
        stateId: "38",
        place: "Yaba\nmarket",
        occurredOn: "",
        placePrecision: "street",
      },
      today,
    );
    expect(report).toBeNull();
    expect(problems).toEqual([
      { field: "firstName", message: nameTooLong("first name"), missing: false },
      { field: "lastName", message: missingMessages.lastName, missing: true },
      { field: "email", message: reportMessages.invalidEmail, missing: false },
      { field: "commentType", message: reportMessages.unknownCommentType, missing: false },
      { field: "comment", message: missingMessages.comment, missing: true },
      { field: "videoUrl", message: reportMessages.invalidVideoUrl, missing: false },
      { field: "stateId", message: placeMessages.chooseState, missing: true },
      { field: "place", message: placeMessages.placeHasHiddenCharacters, missing: false },
      { field: "occurredOn", message: placeMessages.chooseDate, missing: true },
      { field: "placePrecision", message: placeMessages.unknownPrecision, missing: false },
    ]);
  });

  it("asks for the place name when it is to be published, and checks names for hidden characters", () => {
    expect(checkReportText({ ...complete, placePrecision: "PLACE" }, today).problems).toEqual([
      { field: "place", message: placeMessages.precisionNeedsPlace, missing: false },
    ]);
    expect(checkReportText({ ...complete, lastName: "Bel\u200Blo" }, today).problems).toEqual([
      { field: "lastName", message: accountMessages.nameHasControlCharacters, missing: false },
    ]);
  });

  it("refuses first and last names with letters that render as nothing, as the accounts do", () => {
    for (const [name, character] of Object.entries(invisibleCharacters)) {
      expect(checkReportText({ ...complete, firstName: `Ami${character}na` }, today).problems, name).toEqual([
        { field: "firstName", message: accountMessages.nameHasControlCharacters, missing: false },
      ]);
      expect(checkReportText({ ...complete, lastName: `Bel${character}lo` }, today).problems, name).toEqual([
        { field: "lastName", message: accountMessages.nameHasControlCharacters, missing: false },
      ]);
    }
    for (const name of legitimateNames) {
      expect(checkReportText({ ...complete, firstName: name, lastName: name }, today).problems, name).toEqual(
        [],
      );
    }
  });
});

describe("the single rules", () => {
  it("knows a state by its id, a video link by its scheme and length, and when consent is needed", () => {
    expect(reportState(" 25 ")?.state).toBe("Lagos");
    expect(reportState("025")).toBeUndefined();
    expect(videoUrlProblem(" https://youtu.be/abc ")).toBeNull();
    expect(videoUrlProblem(`https://example.org/${"v".repeat(2048)}`)).toBe(reportMessages.invalidVideoUrl);
    expect(consentProblem(true, false)).toEqual({
      field: "peopleConsent",
      message: placeMessages.consentRequired,
      missing: true,
    });
    expect(consentProblem(true, true)).toBeNull();
    expect(consentProblem(false, false)).toBeNull();
  });
});
