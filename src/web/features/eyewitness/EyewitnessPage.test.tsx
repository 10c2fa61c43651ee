import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { placeMessages, placePrecisionLabels, todayInNigeria } from "../../../domain/reports/report-place";
import { reportMessages } from "../../../domain/reports/report-rules";
import { installFakeXhr, type FakeXhr } from "../../../test/web/fake-xhr";
import { session } from "../../lib/session";
import { Toaster } from "../../ui/toast/Toaster";
import { toast } from "../../ui/toast/toast-store";
import { ANNOUNCE_DELAY_MS } from "./CommentField";
import { SHOW_FIRST_NAME_LABEL } from "../../../domain/reports/review-rules";
import {
  keptAfterFailure,
  placeHints,
  showFirstNameHint,
  uploadCancelledMessage,
} from "../../../test/web/report-messages";
import { EyewitnessPage } from "./EyewitnessPage";
import { fileOf, jpeg, MB, report, signIn, trackObjectUrls } from "../../../test/web/reports";

// This browser cannot decode photos (jsdom): a photo over 5 MB cannot be made smaller, as with a damaged file.
vi.mock("./shrink-photo", () => ({ shrinkPhoto: vi.fn(async () => ({ ok: false })) }));

let xhr: ReturnType<typeof installFakeXhr>;
let objectUrls: ReturnType<typeof trackObjectUrls>;

beforeEach(() => {
  signIn();
  xhr = installFakeXhr();
  objectUrls = trackObjectUrls();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  toast.clear();
});

function showPage() {
  // Real pickers let a person choose "All files"; `accept` is only a hint, so the form must check types.
  const user = userEvent.setup({ applyAccept: false });
  render(
    <>
      <EyewitnessPage />
      <Toaster />
    </>,
  );
  return user;
}

const toasts = () => screen.getByRole("region", { name: "Notifications" });
const sendButton = () => screen.getByRole("button", { name: "Send report" });
const comment = () => screen.getByRole("textbox", { name: "Comment" });
const photoInput = () => screen.getByLabelText("Add photographs");
const videoInput = () => screen.getByLabelText("Video file");
const summary = () => screen.getByRole("alert", { name: "There is a problem" });

const stateSelect = () => screen.getByRole("combobox", { name: "State" });
const lgaSelect = () => screen.getByRole("combobox", { name: "Local government area" });
const dateInput = () => screen.getByLabelText("Date it happened");

async function fillPlace(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(stateSelect(), "Lagos");
  await user.selectOptions(lgaSelect(), "Ikeja");
  await user.type(dateInput(), "2026-11-20");
}

/** The fields every report sends before its media, for the place filled in by fillPlace. */
const placeFields = [
  ["stateId", "25"],
  ["lga", "Ikeja"],
  ["occurredOn", "2026-11-20"],
  ["placePrecision", "state"],
];

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  text = "The ramp at the hospital is too steep.",
) {
  await fillPlace(user);
  await user.click(screen.getByRole("radio", { name: "Barrier" }));
  await user.type(comment(), text);
}

async function choosePhotos(user: ReturnType<typeof userEvent.setup>, ...files: File[]) {
  await user.click(screen.getByRole("radio", { name: "Photographs" }));
  await user.upload(photoInput(), files);
}

const consent = () => screen.getByRole("checkbox", { name: placeMessages.consentLabel });

describe("the eyewitness form: filling in and checking", () => {
  it("welcomes the person, names the page and starts with their names and e-mail address, all editable", async () => {
    const user = showPage();
    expect(screen.getByText("Welcome, Amina.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Eyewitness report" })).toBeInTheDocument();
    expect(screen.queryByRole("main")).not.toBeInTheDocument();
    const email = screen.getByRole("textbox", { name: "E-mail address" });
    expect(screen.getByRole("textbox", { name: "First name" })).toHaveValue("Amina");
    expect(screen.getByRole("textbox", { name: "Last name" })).toHaveValue("Bello");
    expect(email).toHaveValue("amina@example.org");
    expect(email).toHaveAttribute("autocomplete", "email");
    await user.clear(email);
    await user.type(email, "a.bello@example.org");
    expect(email).toHaveValue("a.bello@example.org");
  });

  it("offers the four comment types as a labelled group of radio buttons, and no media at first", () => {
    showPage();
    const types = screen.getByRole("group", { name: "Comment type" });
    expect(
      within(types)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["barrier", "experience", "question", "contribution"]);
    expect(within(types).getByRole("radio", { name: "Question" })).toHaveAccessibleDescription(
      "Something you want to ask about disability inclusion.",
    );
    const media = screen.getByRole("group", { name: "Add photographs or a video (optional)" });
    expect(within(media).getByRole("radio", { name: "None" })).toBeChecked();
    expect(screen.queryByLabelText("Add photographs")).not.toBeInTheDocument();
  });

  it("says 'Please fill in all required fields', focuses the summary, marks each field and sends nothing", async () => {
    const user = showPage();
    await user.clear(screen.getByRole("textbox", { name: "First name" }));
    await user.click(sendButton());

    expect(summary()).toHaveFocus();
    expect(summary()).toHaveTextContent(reportMessages.fillRequired);
    expect(
      within(summary())
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      "Enter your first name",
      placeMessages.chooseState,
      placeMessages.chooseDate,
      "Choose a comment type",
      "Enter your comment",
    ]);
    expect(screen.getByRole("textbox", { name: "First name" })).toHaveAccessibleDescription(
      "Error: Enter your first name",
    );
    expect(screen.getByRole("group", { name: "Comment type" })).toHaveAccessibleDescription(
      "What kind of report is this? Error: Choose a comment type",
    );
    expect(comment()).toHaveAttribute("aria-invalid", "true");
    expect(comment()).toHaveAccessibleDescription(/Error: Enter your comment$/);

    await user.click(within(summary()).getByRole("link", { name: "Choose a comment type" }));
    expect(screen.getByRole("radio", { name: "Barrier" })).toHaveFocus();
    expect(xhr.requests).toHaveLength(0);
  });

  it("asks for a valid e-mail address", async () => {
    const user = showPage();
    await fillIn(user);
    const email = screen.getByRole("textbox", { name: "E-mail address" });
    await user.clear(email);
    await user.type(email, "amina@example");
    await user.click(sendButton());
    expect(within(summary()).getByRole("link", { name: reportMessages.invalidEmail })).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(
      `We may write to you about this report. Error: ${reportMessages.invalidEmail}`,
    );
    expect(xhr.requests).toHaveLength(0);
  });

  it("counts the comment's characters, announces the count only near the limit and refuses more than 5,000", async () => {
    const user = showPage();
    await fillPlace(user);
    await user.click(screen.getByRole("radio", { name: "Barrier" }));
    // The announcement waits for a pause in typing: the pause is made on a fake clock, not waited for.
    // Typing is then one change event at a time (user-event's own waits would stop on the fake clock).
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const typeAll = (text: string) => fireEvent.input(comment(), { target: { value: text } });
    const pause = (ms = ANNOUNCE_DELAY_MS) => act(() => vi.advanceTimersByTime(ms));

    typeAll("Steps");
    expect(screen.getByText("5 of 5,000 characters")).toBeInTheDocument();
    expect(comment()).toHaveAccessibleDescription(
      "Tell us what happened, where and when. You can enter up to 5,000 characters.",
    );
    pause();
    expect(screen.queryByText(/^You have/)).not.toBeInTheDocument();

    typeAll(`Steps${"x".repeat(4985)}`);
    expect(screen.getByText("4,990 of 5,000 characters")).toBeInTheDocument();
    pause(ANNOUNCE_DELAY_MS - 1);
    expect(screen.queryByText(/^You have/)).not.toBeInTheDocument();
    pause(1);
    expect(screen.getByText("You have 10 characters remaining")).toBeInTheDocument();

    typeAll(`Steps${"x".repeat(4985)}${"y".repeat(12)}`);
    expect(screen.getByText("5,002 of 5,000 characters: 2 too many")).toBeInTheDocument();
    pause();
    expect(screen.getByText("You have 2 characters too many")).toBeInTheDocument();

    vi.useRealTimers();
    await user.click(sendButton());
    expect(within(summary()).getByRole("link", { name: reportMessages.commentTooLong })).toBeInTheDocument();
    expect(comment()).toHaveValue(`Steps${"x".repeat(4985)}${"y".repeat(12)}`);
    expect(xhr.requests).toHaveLength(0);
  });
});

describe("the eyewitness form: photographs", () => {
  it("adds photos through a real file input, each with a preview, a description and a Remove button", async () => {
    const user = showPage();
    await choosePhotos(user, jpeg("ramp.jpg", 1.5 * MB), fileOf("steps.png", "image/png"));

    expect(photoInput()).toHaveAttribute("type", "file");
    expect(photoInput()).toHaveAttribute("accept", "image/jpeg,image/png,image/gif");
    expect(photoInput()).toHaveAttribute("multiple");
    const list = screen.getByRole("list", { name: "Chosen photographs: 2 of 10" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByText("Photo 1: ramp.jpg (1.5 MB)")).toBeInTheDocument();
    expect(screen.getByText("2 photographs added, 2 of 10 chosen.")).toBeInTheDocument();

    const preview = screen.getByRole("img", { name: "Preview of photo 1: ramp.jpg" });
    expect(preview).toHaveAttribute("src", objectUrls.liveFor("ramp.jpg")[0]);
    expect(screen.getByRole("button", { name: "Remove photo 2: steps.png" })).toBeInTheDocument();

    await user.type(
      screen.getByRole("textbox", { name: "Description of photo 1 (optional)" }),
      "A steep concrete ramp without a handrail",
    );
    expect(screen.getByRole("img", { name: "A steep concrete ramp without a handrail" })).toBe(preview);
  });

  it("refuses files of the wrong type, or over 5 MB and not readable to make smaller, naming each, and keeps the good ones", async () => {
    const user = showPage();
    await choosePhotos(
      user,
      fileOf("notes.pdf", "application/pdf"),
      jpeg("huge.jpg", 6 * MB),
      jpeg("ok.jpg"),
    );

    expect(screen.getByText("Photo 1: ok.jpg (200 KB)")).toBeInTheDocument();
    expect(screen.queryByText(/Photo 2/)).not.toBeInTheDocument();
    expect(photoInput()).toHaveAttribute("aria-invalid", "true");
    await waitFor(
      () =>
        expect(photoInput()).toHaveAccessibleDescription(
          expect.stringContaining(
            `Error: ${reportMessages.photoWrongType("notes.pdf")} Error: ${reportMessages.photoTooLarge("huge.jpg")}`,
          ),
        ),
      // The shrinking module is imported on first use: allow for a busy machine.
      { timeout: 15_000 },
    );
  });

  it("holds at most 10 photographs: the rest are named and left out, and the input says it is full", async () => {
    const user = showPage();
    const twelve = Array.from({ length: 12 }, (_, index) => jpeg(`p${index + 1}.jpg`));
    await choosePhotos(user, ...twelve);

    expect(screen.getAllByRole("button", { name: /^Remove photo/ })).toHaveLength(10);
    expect(
      screen.getByText(`${reportMessages.tooManyPhotos} Not added: "p11.jpg", "p12.jpg".`),
    ).toBeInTheDocument();
    expect(photoInput()).toBeDisabled();
    expect(photoInput()).toHaveAccessibleDescription(
      expect.stringMatching(/^You have chosen 10 photographs/),
    );
  });

  it("removes a photo, releases its preview and moves focus to the next photo, or to the input after the last", async () => {
    const user = showPage();
    await choosePhotos(user, jpeg("a.jpg"), jpeg("b.jpg"), jpeg("c.jpg"));
    const urlOfB = objectUrls.liveFor("b.jpg")[0];

    await user.click(screen.getByRole("button", { name: "Remove photo 2: b.jpg" }));
    expect(
      within(screen.getByRole("list", { name: /Chosen photographs/ }))
        .getAllByRole("listitem")
        .map((slot) => within(slot).getByText(/^Photo \d/).textContent),
    ).toEqual(["Photo 1: a.jpg (200 KB)", "Photo 2: c.jpg (200 KB)"]);
    expect(objectUrls.revoked).toContain(urlOfB);
    expect(screen.getByRole("button", { name: "Remove photo 2: c.jpg" })).toHaveFocus();
    expect(screen.getByText("Photo 2 removed: b.jpg. 2 of 10 chosen.")).toBeInTheDocument();

    await user.keyboard("{Enter}");
    expect(photoInput()).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Remove photo 1: a.jpg" }));
    expect(photoInput()).toHaveFocus();
    expect(screen.queryByRole("list", { name: /Chosen photographs/ })).not.toBeInTheDocument();
    expect(objectUrls.liveFor("a.jpg")).toEqual([]);
  });

  it("asks for a photograph when Photographs is chosen without one", async () => {
    const user = showPage();
    await fillIn(user);
    await user.click(screen.getByRole("radio", { name: "Photographs" }));
    await user.click(sendButton());
    expect(
      within(summary()).getByRole("link", { name: "Add at least one photograph, or choose None" }),
    ).toBeInTheDocument();
    await user.click(
      within(summary()).getByRole("link", { name: "Add at least one photograph, or choose None" }),
    );
    expect(photoInput()).toHaveFocus();
  });
});

describe("the eyewitness form: media choice and video", () => {
  it("keeps what was chosen when switching between none, photographs and video, and sends only the chosen kind", async () => {
    const user = showPage();
    await fillIn(user);
    await choosePhotos(user, jpeg("ramp.jpg"));
    await user.click(screen.getByRole("radio", { name: "Video" }));
    expect(screen.queryByLabelText("Add photographs")).not.toBeInTheDocument();
    expect(screen.getByRole("group", { name: "How will you share the video?" })).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "Photographs" }));
    expect(screen.getByText("Photo 1: ramp.jpg (200 KB)")).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "None" }));
    await user.click(sendButton());
    expect(
      xhr
        .latest()
        .fields()
        .map(([name]) => name),
    ).toEqual([
      "firstName",
      "lastName",
      "email",
      "stateId",
      "lga",
      "occurredOn",
      "placePrecision",
      "commentType",
      "comment",
    ]);
  });

  it("takes one video file of the right type and size, shown with a Remove button", async () => {
    const user = showPage();
    await user.click(screen.getByRole("radio", { name: "Video" }));
    expect(screen.getByRole("radio", { name: "Upload a video file" })).toBeChecked();
    expect(videoInput()).toHaveAttribute("accept", "video/mp4,video/quicktime,video/x-msvideo");
    expect(videoInput()).not.toHaveAttribute("multiple");

    await user.upload(videoInput(), fileOf("clip.mkv", "video/x-matroska"));
    expect(videoInput()).toHaveAccessibleDescription(
      `MP4, MOV or AVI, up to 100 MB. Error: ${reportMessages.videoWrongType("clip.mkv")}`,
    );
    await user.upload(videoInput(), fileOf("long.mp4", "video/mp4", 101 * MB));
    expect(screen.getByText(reportMessages.videoTooLarge("long.mp4"))).toBeInTheDocument();
    expect(screen.queryByText(/Chosen video/)).not.toBeInTheDocument();

    await user.upload(videoInput(), fileOf("market.mov", "video/quicktime", 42 * MB));
    expect(screen.getByText("Chosen video: market.mov (42 MB)")).toBeInTheDocument();
    expect(videoInput()).not.toHaveAttribute("aria-invalid");

    await user.click(screen.getByRole("button", { name: "Remove video: market.mov" }));
    expect(screen.queryByText(/Chosen video/)).not.toBeInTheDocument();
    expect(videoInput()).toHaveFocus();
  });

  it("sends the video file in `media`, or the link in `videoUrl`, as chosen", async () => {
    const user = showPage();
    await fillIn(user);
    await user.click(screen.getByRole("radio", { name: "Video" }));
    await user.upload(videoInput(), fileOf("market.mp4", "video/mp4", 3 * MB));
    await user.click(consent());
    await user.click(screen.getByRole("radio", { name: "Give a link to a video" }));
    const link = screen.getByRole("textbox", { name: "Link to the video" });
    expect(link).toHaveAttribute("type", "url");

    await user.type(link, "youtube.com/watch?v=abc");
    await user.click(sendButton());
    expect(within(summary()).getByRole("link", { name: reportMessages.invalidVideoUrl })).toBeInTheDocument();
    expect(xhr.requests).toHaveLength(0);

    await user.clear(link);
    await user.type(link, "https://www.youtube.com/watch?v=abc");
    await user.click(sendButton());
    expect(xhr.latest().fields()).toContainEqual(["videoUrl", "https://www.youtube.com/watch?v=abc"]);
    expect(
      xhr
        .latest()
        .fields()
        .some(([name]) => name === "media"),
    ).toBe(false);
    await act(async () => xhr.latest().respond(400, { success: false, message: "Try again." }));

    await user.click(screen.getByRole("radio", { name: "Upload a video file" }));
    expect(screen.getByText("Chosen video: market.mp4 (3 MB)")).toBeInTheDocument();
    await user.click(sendButton());
    const fields = xhr.latest().fields();
    expect(fields).toContainEqual(["media", "file:market.mp4"]);
    expect(fields.some(([name]) => name === "videoUrl")).toBe(false);
  });
});

describe("the eyewitness form: sending", () => {
  async function sendTwoPhotos(user: ReturnType<typeof userEvent.setup>): Promise<FakeXhr> {
    await fillIn(user);
    await choosePhotos(user, jpeg("ramp.jpg", 4 * MB), jpeg("steps.jpg", 5 * MB));
    await user.type(
      screen.getByRole("textbox", { name: "Description of photo 1 (optional)" }),
      "A steep ramp",
    );
    await user.click(consent());
    await user.click(sendButton());
    return xhr.latest();
  }

  it("sends the fields and the photographs with the user's token", async () => {
    const user = showPage();
    await fillIn(user);
    await choosePhotos(user, jpeg("ramp.jpg"), jpeg("steps.jpg"));
    await user.click(consent());
    await user.click(sendButton());
    const request = xhr.latest();
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/v1/eyewitness");
    expect(request.headers.authorization).toBe("Bearer session-token-of-amina");
    expect(request.fields()).toEqual([
      ["firstName", "Amina"],
      ["lastName", "Bello"],
      ["email", "amina@example.org"],
      ...placeFields,
      ["commentType", "barrier"],
      ["comment", "The ramp at the hospital is too steep."],
      ["peopleConsent", "true"],
      ["media", "file:ramp.jpg"],
      ["media", "file:steps.jpg"],
    ]);
  });

  it("sends the photos' descriptions before the files, one per photo in order, as their text alternatives", async () => {
    const user = showPage();
    const request = await sendTwoPhotos(user);
    expect(
      screen.getByRole("textbox", { name: "Description of photo 1 (optional)" }),
    ).toHaveAccessibleDescription(/published with it if the report is verified/);
    expect(request.fields().filter(([name]) => name === "photoDescription" || name === "media")).toEqual([
      ["photoDescription", "A steep ramp"],
      ["photoDescription", ""],
      ["media", "file:ramp.jpg"],
      ["media", "file:steps.jpg"],
    ]);
  });

  it("shows the upload's progress with a labelled bar and text, announces it by quarters, and can be cancelled", async () => {
    const user = showPage();
    const request = await sendTwoPhotos(user);

    expect(screen.getByRole("button", { name: "sending...." })).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("textbox", { name: "Comment" })).toBeDisabled();
    const bar = screen.getByRole("progressbar", { name: "Sending your report" });
    act(() => request.progress(4.5 * MB, 10 * MB));
    expect(bar).toHaveAttribute("value", "45");
    expect(screen.getByText("Uploading: 45% (4.5 of 10 MB)")).toBeInTheDocument();
    expect(screen.getByText("Uploading: 25%")).toHaveAttribute("role", "status");
    act(() => request.progress(5.25 * MB, 10 * MB));
    expect(screen.getByText("Uploading: 52% (5.3 of 10 MB)")).toBeInTheDocument();
    expect(screen.getByText("Uploading: 50%")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Cancel upload" }));
    expect(request.aborted).toBe(true);
    expect(within(toasts()).getByText(uploadCancelledMessage)).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(sendButton()).toHaveFocus();
    expect(comment()).toHaveValue("The ramp at the hospital is too steep.");
    expect(screen.getByRole("img", { name: "A steep ramp" })).toBeInTheDocument();
    expect(screen.getByText("Photo 2: steps.jpg (5 MB)")).toBeInTheDocument();
  });

  it("says when every byte is sent and the server is checking", async () => {
    const user = showPage();
    const request = await sendTwoPhotos(user);
    act(() => request.progress(10 * MB, 10 * MB));
    expect(screen.getByRole("progressbar", { name: "Sending your report" })).toHaveAttribute("value", "100");
    expect(
      screen.getByText("Upload complete. Waiting for the server to confirm your report…"),
    ).toBeInTheDocument();
  });

  it("on success says so, starts a fresh form, releases the previews and puts focus on the heading", async () => {
    const user = showPage();
    const request = await sendTwoPhotos(user);
    const previews = objectUrls.liveFor("ramp.jpg").concat(objectUrls.liveFor("steps.jpg"));
    expect(previews).toHaveLength(2);

    await act(async () =>
      request.respond(201, { success: true, message: "Report received", report: report({ id: "r-9" }) }),
    );
    // The toast and the focus come from effects, which Preact runs after the browser has painted.
    expect(await within(toasts()).findByText(reportMessages.submitted)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 1, name: "Eyewitness report" })).toHaveFocus(),
    );
    expect(screen.getByText(/Thank you: your report was sent/)).toBeInTheDocument();
    expect(comment()).toHaveValue("");
    expect(screen.getByRole("radio", { name: "Barrier" })).not.toBeChecked();
    expect(screen.getByRole("radio", { name: "None" })).toBeChecked();
    expect(screen.getByRole("textbox", { name: "First name" })).toHaveValue("Amina");
    await user.click(screen.getByRole("radio", { name: "Photographs" }));
    expect(screen.queryByText(/ramp\.jpg/)).not.toBeInTheDocument();
    expect(objectUrls.revoked).toEqual(expect.arrayContaining(previews));
    expect(sendButton()).not.toHaveAttribute("aria-disabled");
  });

  it("on failure shows the server's message as a toast and on the page, and keeps everything, files included", async () => {
    const user = showPage();
    const request = await sendTwoPhotos(user);
    const message = 'The photograph "steps.jpg" is larger than 5 MB.';
    await act(async () => request.respond(413, { success: false, message }));

    expect(within(toasts()).getByText(message)).toBeInTheDocument();
    expect(summary()).toHaveTextContent(message);
    expect(summary()).toHaveFocus();
    expect(screen.getByText(keptAfterFailure)).toBeInTheDocument();
    expect(comment()).toHaveValue("The ramp at the hospital is too steep.");
    expect(screen.getByRole("radio", { name: "Barrier" })).toBeChecked();
    expect(screen.getByRole("img", { name: "A steep ramp" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove photo 2: steps.jpg" })).toBeEnabled();

    // Sending again sends the same report.
    await user.click(sendButton());
    expect(
      xhr
        .latest()
        .fields()
        .filter(([name]) => name === "media"),
    ).toEqual([
      ["media", "file:ramp.jpg"],
      ["media", "file:steps.jpg"],
    ]);
  });

  it("says 'Something went wrong' when the server sent no sentence or the connection dropped", async () => {
    const user = showPage();
    const first = await sendTwoPhotos(user);
    await act(async () => first.respond(502, "<html>Bad gateway</html>"));
    expect(within(toasts()).getByText(reportMessages.failed)).toBeInTheDocument();
    expect(summary()).toHaveTextContent(reportMessages.failed);

    toast.clear();
    await user.click(sendButton());
    // With no storage on the device (no IndexedDB here) the report cannot wait in the outbox.
    await act(async () => xhr.latest().failNetwork());
    expect(await within(toasts()).findByText(reportMessages.failed)).toBeInTheDocument();
    expect(comment()).toHaveValue("The ramp at the hospital is too steep.");
  });

  it("signs out on a 401, with the client's message only", async () => {
    const user = showPage();
    const request = await sendTwoPhotos(user);
    await act(async () => request.respond(401, { success: false, message: "Please sign in." }));
    expect(session.current()).toBeNull();
    expect(within(toasts()).getByText("Unauthorized! Logging Out...")).toBeInTheDocument();
    expect(within(toasts()).queryByText("Please sign in.")).not.toBeInTheDocument();
  });
});

describe("the eyewitness form: the name on the published report", () => {
  const showFirstName = () => screen.getByRole("checkbox", { name: SHOW_FIRST_NAME_LABEL });

  it("starts unticked, so the report is published as Anonymous, and says what is never published", () => {
    showPage();
    expect(showFirstName()).not.toBeChecked();
    expect(showFirstName()).toHaveAccessibleDescription(showFirstNameHint);
    expect(showFirstNameHint).toBe(
      "Otherwise your report is published as “Anonymous reporter”. Your last name and e-mail are never published.",
    );
  });

  it("sends no showFirstName field when left unticked", async () => {
    const user = showPage();
    await fillIn(user);
    await user.click(sendButton());
    expect(
      xhr
        .latest()
        .fields()
        .map(([name]) => name),
    ).not.toContain("showFirstName");
  });

  it("sends showFirstName=true when ticked, and starts unticked again in the next form", async () => {
    const user = showPage();
    await fillIn(user);
    await user.click(showFirstName());
    expect(showFirstName()).toBeChecked();
    await user.click(sendButton());
    const request = xhr.latest();
    expect(request.fields()).toContainEqual(["showFirstName", "true"]);
    expect(showFirstName()).toBeDisabled();

    await act(async () =>
      request.respond(201, {
        success: true,
        message: "Report received",
        report: report({ id: "r-9", showFirstName: true }),
      }),
    );
    // The next form starts from an effect, which Preact runs after the browser has painted.
    await waitFor(() => expect(showFirstName()).not.toBeChecked());
  });

  it("is ticked with the Space key, and the choice stays after a failure", async () => {
    const user = showPage();
    await fillIn(user);
    showFirstName().focus();
    await user.keyboard(" ");
    await user.click(sendButton());
    await act(async () => xhr.latest().respond(500, { success: false, message: "The server is resting." }));
    expect(showFirstName()).toBeChecked();
    expect(showFirstName()).toBeEnabled();
  });
});

describe("the eyewitness form: where, when and who sees what", () => {
  it("lists only the chosen state's LGAs, disabled with a hint until a state is chosen, and empties the LGA when the state changes", async () => {
    const user = showPage();
    expect(within(stateSelect()).getAllByRole("option")).toHaveLength(38);
    expect(lgaSelect()).toBeDisabled();
    expect(lgaSelect()).toHaveAccessibleDescription(placeHints.lgaWaiting);

    await user.selectOptions(stateSelect(), "Lagos");
    expect(lgaSelect()).toBeEnabled();
    expect(lgaSelect()).not.toHaveAccessibleDescription(placeHints.lgaWaiting);
    const lagos = within(lgaSelect())
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(lagos).toHaveLength(21);
    expect(lagos).toContain("Ikeja");
    expect(lagos).not.toContain("Kano Municipal");
    await user.selectOptions(lgaSelect(), "Ikeja");
    expect(lgaSelect()).toHaveValue("Ikeja");

    await user.selectOptions(stateSelect(), "Kano");
    expect(lgaSelect()).toHaveValue("");
    expect(within(lgaSelect()).queryByRole("option", { name: "Ikeja" })).not.toBeInTheDocument();
    expect(within(lgaSelect()).getByRole("option", { name: "Kano Municipal" })).toBeInTheDocument();
  });

  it("asks for the LGA on its field, linked from the summary", async () => {
    const user = showPage();
    await user.selectOptions(stateSelect(), "Lagos");
    await user.type(dateInput(), "2026-11-20");
    await user.click(screen.getByRole("radio", { name: "Barrier" }));
    await user.type(comment(), "Steps");
    await user.click(sendButton());
    expect(summary()).toHaveFocus();
    expect(lgaSelect()).toHaveAttribute("aria-invalid", "true");
    expect(lgaSelect()).toHaveAccessibleDescription(`Error: ${placeMessages.chooseLga}`);
    await user.click(within(summary()).getByRole("link", { name: placeMessages.chooseLga }));
    expect(lgaSelect()).toHaveFocus();
    expect(xhr.requests).toHaveLength(0);
  });

  it("offers dates from 1960 to today in Nigeria, and refuses a future date", async () => {
    const user = showPage();
    const today = todayInNigeria(new Date());
    expect(dateInput()).toHaveAttribute("type", "date");
    expect(dateInput()).toHaveAttribute("min", "1960-01-01");
    expect(dateInput()).toHaveAttribute("max", today);
    await fillIn(user);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 24 * 60 * 60 * 1000)
      .toISOString()
      .slice(0, 10);
    await user.clear(dateInput());
    await user.type(dateInput(), tomorrow);
    await user.click(sendButton());
    expect(dateInput()).toHaveAccessibleDescription(
      `${placeHints.occurredOn} Error: ${placeMessages.dateInFuture}`,
    );
    expect(xhr.requests).toHaveLength(0);
  });

  it("publishes the state only unless the reporter chooses more, and sends the place and the choice", async () => {
    const user = showPage();
    const precision = screen.getByRole("group", { name: "How precisely is the place published?" });
    expect(screen.getByRole("group", { name: "Who sees what" })).toContainElement(precision);
    expect(within(precision).getByRole("radio", { name: placePrecisionLabels.state })).toBeChecked();

    await fillIn(user);
    await user.click(within(precision).getByRole("radio", { name: placePrecisionLabels.place }));
    await user.click(sendButton());
    expect(
      within(summary()).getByRole("link", { name: placeMessages.precisionNeedsPlace }),
    ).toBeInTheDocument();
    expect(xhr.requests).toHaveLength(0);

    await user.type(screen.getByRole("textbox", { name: "Town or place (optional)" }), " Ikeja market ");
    await user.click(sendButton());
    expect(xhr.latest().fields().slice(3, 8)).toEqual([
      ["stateId", "25"],
      ["lga", "Ikeja"],
      ["place", "Ikeja market"],
      ["occurredOn", "2026-11-20"],
      ["placePrecision", "place"],
    ]);
  });

  it("asks for the people-shown consent where photographs or a video are added, before them, and requires it", async () => {
    const user = showPage();
    await fillIn(user);
    expect(screen.queryByRole("checkbox", { name: placeMessages.consentLabel })).not.toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "Video" }));
    // Asked as soon as a video is chosen, before the place to add it, not after it.
    expect(consent()).not.toBeChecked();
    await user.click(screen.getByRole("radio", { name: "None" }));
    expect(screen.queryByRole("checkbox", { name: placeMessages.consentLabel })).not.toBeInTheDocument();

    await choosePhotos(user, jpeg("ramp.jpg"));
    expect(consent()).not.toBeChecked();
    const photoInput = screen.getByLabelText("Add photographs");
    expect(consent().compareDocumentPosition(photoInput) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(sendButton());
    // Send says what is missing, and focus goes to that summary, whose link leads to the question.
    expect(summary()).toHaveFocus();
    expect(consent()).toHaveAttribute("aria-invalid", "true");
    expect(consent()).toHaveAccessibleDescription(
      expect.stringContaining(`Error: ${placeMessages.consentRequired}`),
    );
    await user.click(within(summary()).getByRole("link", { name: placeMessages.consentRequired }));
    expect(consent()).toHaveFocus();
    expect(xhr.requests).toHaveLength(0);

    await user.keyboard(" ");
    await user.click(sendButton());
    expect(xhr.latest().fields()).toContainEqual(["peopleConsent", "true"]);
  });

  it("shows a server's refusal on its field", async () => {
    const user = showPage();
    await fillIn(user);
    await user.click(sendButton());
    await act(async () =>
      xhr.latest().respond(400, {
        success: false,
        message: placeMessages.lgaNotInState("Lagos"),
        code: "VALIDATION_FAILED",
        field: "lga",
      }),
    );
    expect(summary()).toHaveFocus();
    expect(
      within(summary()).getByRole("link", { name: placeMessages.lgaNotInState("Lagos") }),
    ).toBeInTheDocument();
    expect(lgaSelect()).toHaveAttribute("aria-invalid", "true");
    expect(lgaSelect()).toHaveAccessibleDescription(`Error: ${placeMessages.lgaNotInState("Lagos")}`);
    expect(lgaSelect()).toHaveValue("Ikeja");
  });
});
