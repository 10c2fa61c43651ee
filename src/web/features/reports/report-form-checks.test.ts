import { describe, expect, it } from "vitest";
import { reportMessages } from "../../../domain/reports/report-rules";
import {
  checkEyewitnessDraft,
  missingMessages,
  reportFields,
  sortChosenPhotos,
  type EyewitnessDraft,
} from "./report-form-checks";
import { fileOf, jpeg, MB } from "./test-support";

const complete: EyewitnessDraft = {
  firstName: " Amina ",
  lastName: "Bello",
  email: "amina@example.org ",
  commentType: "barrier",
  comment: "  The ramp is too steep.  ",
  showFirstName: false,
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
        commentType: "barrier",
        comment: "The ramp is too steep.",
        showFirstName: false,
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
    };
    const sent = (draft: EyewitnessDraft) => {
      const result = checkEyewitnessDraft(draft);
      if (!result.ok) throw new Error("refused");
      const { photos, video, videoUrl } = result.submission;
      return { photos, video, videoUrl };
    };
    expect(sent(everything)).toEqual({ photos: [], video: null, videoUrl: null });
    expect(sent({ ...everything, media: "photograph" })).toEqual({
      photos: [{ file: photo, description: "A ramp too steep for a wheelchair" }],
      video: null,
      videoUrl: null,
    });
    expect(sent({ ...everything, media: "video" })).toEqual({ photos: [], video, videoUrl: null });
    expect(sent({ ...everything, media: "video", videoSource: "link" })).toEqual({
      photos: [],
      video: null,
      videoUrl: "https://youtu.be/abc",
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
