import { describe, expect, it } from "vitest";
import { accountMessages } from "../../../domain/accounts/messages";
import { placeMessages } from "../../../domain/reports/report-place";
import { reportMessages } from "../../../domain/reports/report-rules";
import {
  checkEyewitnessDraft,
  chosenState,
  draftHasMedia,
  fieldOfServerField,
  stateChoices,
  missingMessages,
  reportFields,
  sortChosenPhotos,
  type EyewitnessDraft,
} from "./report-form-checks";
import { fileOf, jpeg, MB } from "../../../test/web/reports";

const complete: EyewitnessDraft = {
  firstName: " Amina ",
  lastName: "Bello",
  email: "amina@example.org ",
  stateId: "25",
  lga: "ikeja",
  place: "  Ikeja market ",
  occurredOn: "2026-11-20",
  commentType: "barrier",
  comment: "  The ramp is too steep.  ",
  showFirstName: false,
  placePrecision: "state",
  peopleConsent: false,
  media: "none",
  photos: [],
  videoSource: "file",
  videoFile: null,
  videoUrl: "",
};

const photoDraft = (file: File, key = file.name) => ({ key, file, altText: "" });

describe("checkEyewitnessDraft", () => {
  it("accepts a complete report, trimmed, with no media", () => {
    expect(checkEyewitnessDraft(complete)).toEqual({
      ok: true,
      submission: {
        firstName: "Amina",
        lastName: "Bello",
        email: "amina@example.org",
        stateId: 25,
        lga: "Ikeja",
        place: "Ikeja market",
        occurredOn: "2026-11-20",
        placePrecision: "state",
        commentType: "barrier",
        comment: "The ramp is too steep.",
        showFirstName: false,
        peopleConsent: false,
        photos: [],
        video: null,
        videoUrl: null,
      },
    });
  });

  it("carries the reporter's choice to show their first name", () => {
    const result = checkEyewitnessDraft({ ...complete, showFirstName: true });
    expect(result.ok && result.submission.showFirstName).toBe(true);
  });

  it("asks for every missing field with 'Please fill in all required fields', in the form's order", () => {
    const result = checkEyewitnessDraft({
      ...complete,
      firstName: " ",
      lastName: "",
      email: "",
      stateId: "",
      occurredOn: "",
      commentType: "",
      comment: "\n",
    });
    expect(result).toEqual({
      ok: false,
      problem: {
        message: reportMessages.fillRequired,
        fields: [
          { fieldId: reportFields.firstName, message: missingMessages.firstName },
          { fieldId: reportFields.lastName, message: missingMessages.lastName },
          { fieldId: reportFields.email, message: missingMessages.email },
          { fieldId: reportFields.state, message: placeMessages.chooseState },
          { fieldId: reportFields.occurredOn, message: placeMessages.chooseDate },
          { fieldId: reportFields.commentType, message: missingMessages.commentType },
          { fieldId: reportFields.comment, message: missingMessages.comment },
        ],
      },
    });
  });

  it("still lists other problems beside the missing fields", () => {
    const result = checkEyewitnessDraft({ ...complete, email: "amina@", comment: "" });
    expect(result).toEqual({
      ok: false,
      problem: {
        message: reportMessages.fillRequired,
        fields: [
          { fieldId: reportFields.email, message: reportMessages.invalidEmail },
          { fieldId: reportFields.comment, message: missingMessages.comment },
        ],
      },
    });
  });

  it.each(["amina", "amina@", "amina@example", "a b@example.org"])(
    "refuses the e-mail address %j",
    (email) => {
      expect(checkEyewitnessDraft({ ...complete, email })).toEqual({
        ok: false,
        problem: { fields: [{ fieldId: reportFields.email, message: reportMessages.invalidEmail }] },
      });
    },
  );

  it("allows 5,000 characters of comment and refuses one more", () => {
    expect(checkEyewitnessDraft({ ...complete, comment: "a".repeat(5000) }).ok).toBe(true);
    expect(checkEyewitnessDraft({ ...complete, comment: "a".repeat(5001) })).toEqual({
      ok: false,
      problem: { fields: [{ fieldId: reportFields.comment, message: reportMessages.commentTooLong }] },
    });
  });

  it("sends only the media of the chosen kind, each photo with its description trimmed", () => {
    const photo = jpeg("ramp.jpg");
    const video = fileOf("clip.mp4", "video/mp4");
    const everything = {
      ...complete,
      photos: [{ ...photoDraft(photo), altText: "  A ramp too steep for a wheelchair " }],
      videoFile: video,
      videoUrl: "https://youtu.be/abc",
      peopleConsent: true,
    };
    const sent = (draft: EyewitnessDraft) => {
      const result = checkEyewitnessDraft(draft);
      if (!result.ok) throw new Error("refused");
      const { photos, video, videoUrl, peopleConsent } = result.submission;
      return { photos, video, videoUrl, peopleConsent };
    };
    // The consent goes only with media: ticked, then None chosen, it is not sent.
    expect(sent(everything)).toEqual({ photos: [], video: null, videoUrl: null, peopleConsent: false });
    expect(sent({ ...everything, media: "photograph" })).toEqual({
      photos: [{ file: photo, description: "A ramp too steep for a wheelchair" }],
      video: null,
      videoUrl: null,
      peopleConsent: true,
    });
    expect(sent({ ...everything, media: "video" })).toEqual({
      photos: [],
      video,
      videoUrl: null,
      peopleConsent: true,
    });
    expect(sent({ ...everything, media: "video", videoSource: "link" })).toEqual({
      photos: [],
      video: null,
      videoUrl: "https://youtu.be/abc",
      peopleConsent: true,
    });
  });

  it("asks for the media chosen but not given", () => {
    const problemOf = (draft: EyewitnessDraft) => {
      const result = checkEyewitnessDraft(draft);
      return result.ok ? null : result.problem.fields;
    };
    expect(problemOf({ ...complete, media: "photograph" })).toEqual([
      { fieldId: reportFields.photos, message: missingMessages.photos },
    ]);
    expect(problemOf({ ...complete, media: "video" })).toEqual([
      { fieldId: reportFields.videoFile, message: missingMessages.videoFile },
    ]);
    expect(problemOf({ ...complete, media: "video", videoSource: "link" })).toEqual([
      { fieldId: reportFields.videoUrl, message: missingMessages.videoUrl },
    ]);
    expect(
      problemOf({ ...complete, media: "video", videoSource: "link", videoUrl: "javascript:alert(1)" }),
    ).toEqual([{ fieldId: reportFields.videoUrl, message: reportMessages.invalidVideoUrl }]);
  });

  it("refuses more than 10 photographs and any photograph or video the rules refuse", () => {
    const eleven = Array.from({ length: 11 }, (_, index) => photoDraft(jpeg(`p${index}.jpg`)));
    const problemOf = (draft: EyewitnessDraft) => {
      const result = checkEyewitnessDraft(draft);
      return result.ok ? null : result.problem.fields[0]?.message;
    };
    expect(problemOf({ ...complete, media: "photograph", photos: eleven })).toBe(
      reportMessages.tooManyPhotos,
    );
    expect(
      problemOf({ ...complete, media: "photograph", photos: [photoDraft(jpeg("big.jpg", 6 * MB))] }),
    ).toBe(reportMessages.photoTooLarge("big.jpg"));
    expect(
      problemOf({ ...complete, media: "video", videoFile: fileOf("long.mov", "video/quicktime", 101 * MB) }),
    ).toBe(reportMessages.videoTooLarge("long.mov"));
    expect(problemOf({ ...complete, media: "video", videoFile: fileOf("clip.webm", "video/webm") })).toBe(
      reportMessages.videoWrongType("clip.webm"),
    );
  });
});

describe("checkEyewitnessDraft: where, when and who sees what", () => {
  const now = new Date("2026-11-26T23:30:00Z"); // 00:30 on 27 November in Nigeria
  const fieldsOf = (draft: EyewitnessDraft) => {
    const result = checkEyewitnessDraft(draft, now);
    return result.ok ? [] : result.problem.fields;
  };

  it("asks for the LGA once a state is chosen, and refuses an LGA of another state", () => {
    expect(fieldsOf({ ...complete, lga: "" })).toEqual([
      { fieldId: reportFields.lga, message: placeMessages.chooseLga },
    ]);
    expect(fieldsOf({ ...complete, lga: "Kano Municipal" })).toEqual([
      { fieldId: reportFields.lga, message: placeMessages.lgaNotInState("Lagos") },
    ]);
    // Without a state, only the state is asked for: the LGA's list is still closed.
    expect(fieldsOf({ ...complete, stateId: "", lga: "" })).toEqual([
      { fieldId: reportFields.state, message: placeMessages.chooseState },
    ]);
    expect(fieldsOf({ ...complete, stateId: "38" })).toEqual([
      { fieldId: reportFields.state, message: placeMessages.chooseState },
    ]);
  });

  it("takes today in Nigeria and refuses tomorrow, a date that does not exist and one before 1960", () => {
    expect(fieldsOf({ ...complete, occurredOn: "2026-11-27" })).toEqual([]);
    expect(fieldsOf({ ...complete, occurredOn: "2026-11-28" })).toEqual([
      { fieldId: reportFields.occurredOn, message: placeMessages.dateInFuture },
    ]);
    expect(fieldsOf({ ...complete, occurredOn: "2026-02-30" })).toEqual([
      { fieldId: reportFields.occurredOn, message: placeMessages.invalidDate },
    ]);
    expect(fieldsOf({ ...complete, occurredOn: "1959-12-31" })).toEqual([
      { fieldId: reportFields.occurredOn, message: placeMessages.dateTooEarly },
    ]);
  });

  it("refuses a place name too long or with hidden characters, and publishing a place not given", () => {
    expect(fieldsOf({ ...complete, place: "a".repeat(121) })).toEqual([
      { fieldId: reportFields.place, message: placeMessages.placeTooLong },
    ]);
    expect(fieldsOf({ ...complete, place: "Ikeja\u202Emarket" })).toEqual([
      { fieldId: reportFields.place, message: placeMessages.placeHasHiddenCharacters },
    ]);
    expect(fieldsOf({ ...complete, place: " ", placePrecision: "place" })).toEqual([
      { fieldId: reportFields.place, message: placeMessages.precisionNeedsPlace },
    ]);
    const result = checkEyewitnessDraft({ ...complete, place: "", placePrecision: "lga" }, now);
    expect(result.ok && [result.submission.place, result.submission.placePrecision]).toEqual([null, "lga"]);
  });

  it("refuses names with line breaks or hidden characters", () => {
    expect(fieldsOf({ ...complete, firstName: "Ami\u200Bna", lastName: "Bel\nlo" })).toEqual([
      { fieldId: reportFields.firstName, message: accountMessages.nameHasControlCharacters },
      { fieldId: reportFields.lastName, message: accountMessages.nameHasControlCharacters },
    ]);
  });

  it("requires the people-shown consent only when photographs, a video or a link are attached", () => {
    const withPhoto: EyewitnessDraft = {
      ...complete,
      media: "photograph",
      photos: [photoDraft(jpeg("a.jpg"))],
    };
    expect(draftHasMedia(withPhoto)).toBe(true);
    expect(draftHasMedia({ ...complete, media: "photograph" })).toBe(false);
    expect(
      draftHasMedia({ ...complete, media: "video", videoSource: "link", videoUrl: "https://x.org" }),
    ).toBe(true);
    expect(fieldsOf(withPhoto)).toEqual([
      { fieldId: reportFields.peopleConsent, message: placeMessages.consentRequired },
    ]);
    expect(fieldsOf({ ...withPhoto, peopleConsent: true })).toEqual([]);
    expect(fieldsOf(complete)).toEqual([]);
  });

  it("lists the 37 states alphabetically and knows a state by its id", () => {
    expect(stateChoices).toHaveLength(37);
    expect(stateChoices[0]).toEqual({ stateId: 1, state: "Abia" });
    expect(stateChoices.map((choice) => choice.state)).toContain("FCT");
    expect(chosenState("25")?.state).toBe("Lagos");
    expect(chosenState("")).toBeUndefined();
    expect(chosenState("2.5")).toBeUndefined();
  });

  it("knows which form field a server's refusal is about, from the field the API names", () => {
    expect(fieldOfServerField("stateId")).toBe(reportFields.state);
    expect(fieldOfServerField("lga")).toBe(reportFields.lga);
    expect(fieldOfServerField("occurredOn")).toBe(reportFields.occurredOn);
    expect(fieldOfServerField("place")).toBe(reportFields.place);
    expect(fieldOfServerField("placePrecision")).toBe(reportFields.placePrecision);
    expect(fieldOfServerField("peopleConsent")).toBe(reportFields.peopleConsent);
    expect(fieldOfServerField("photoDescription")).toBeNull();
    expect(fieldOfServerField(undefined)).toBeNull();
  });
});

describe("sortChosenPhotos", () => {
  it("adds JPG, PNG and GIF photographs up to 5 MB, and names each refused file and why", () => {
    const ok = [jpeg("a.jpg", 5 * MB), fileOf("b.png", "image/png"), fileOf("c.gif", "image/gif")];
    const { accepted, problems } = sortChosenPhotos(
      [
        ...ok,
        fileOf("notes.pdf", "application/pdf"),
        jpeg("huge.jpg", 5 * MB + 1),
        fileOf("d.webp", "image/webp"),
      ],
      0,
    );
    expect(accepted).toEqual(ok);
    expect(problems).toEqual([
      reportMessages.photoWrongType("notes.pdf"),
      reportMessages.photoTooLarge("huge.jpg"),
      reportMessages.photoWrongType("d.webp"),
    ]);
  });

  it("with canShrink, sets photos over 5 MB aside to be made smaller, counting them towards the 10", () => {
    const big = jpeg("night.jpg", 8 * MB);
    const { accepted, toShrink, problems } = sortChosenPhotos(
      [big, jpeg("ok.jpg"), fileOf("huge.pdf", "application/pdf", 8 * MB), jpeg("late.jpg", 9 * MB)],
      8,
      true,
    );
    expect(toShrink).toEqual([big]);
    expect(accepted.map((file) => file.name)).toEqual(["ok.jpg"]);
    expect(problems).toEqual([
      reportMessages.photoWrongType("huge.pdf"),
      `${reportMessages.tooManyPhotos} Not added: "late.jpg".`,
    ]);
  });

  it("goes by the file name when the browser gives no type", () => {
    const { accepted, problems } = sortChosenPhotos([fileOf("IMG_1.JPEG", ""), fileOf("scan.heic", "")], 0);
    expect(accepted.map((file) => file.name)).toEqual(["IMG_1.JPEG"]);
    expect(problems).toEqual([reportMessages.photoWrongType("scan.heic")]);
  });

  it("stops at 10 photographs in all and names those left out", () => {
    const files = ["a", "b", "c", "d"].map((name) => jpeg(`${name}.jpg`));
    const { accepted, problems } = sortChosenPhotos(files, 8);
    expect(accepted.map((file) => file.name)).toEqual(["a.jpg", "b.jpg"]);
    expect(problems).toEqual([`${reportMessages.tooManyPhotos} Not added: "c.jpg", "d.jpg".`]);
  });
});
