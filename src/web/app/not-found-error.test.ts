import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { loadMessages, type MessageBundle } from "../i18n/runtime";
import { errorPageMeta } from "./not-found-error";

/** The 404 an unknown state's loader throws, as the browser receives it. */
function unknownStateError(i18n: MessageBundle) {
  return new ErrorResponse(404, "Not Found", { i18n });
}

describe("an error page's title (its route's meta)", () => {
  it("names an unknown state in the page's language, from the messages its 404 carries", async () => {
    const bundle = await loadMessages("ha", ["states"]);
    expect(errorPageMeta(unknownStateError(bundle), "/ha/states/99", "states.notFound.title")).toEqual([
      { title: "Ba a sami manufar ba | Inclusion Atlas" },
    ]);
  });

  it("says something went wrong for any other failure, in the page's language", async () => {
    await loadMessages("ha", ["states"]);
    expect(errorPageMeta(new Error("offline"), "/ha/states/25", "states.notFound.title")).toEqual([
      { title: "An sami matsala | Inclusion Atlas" },
    ]);
  });

  it("stays in the shell's English while the page's language has not arrived", async () => {
    await loadMessages("en", []);
    // No Igbo messages in this test: an unknown id met in the browser, before its messages are fetched.
    const error = new Error('No result found for routeId "ig/routes/state"');
    expect(errorPageMeta(error, "/ig/states/99", "states.notFound.title")).toEqual([
      { title: "Something went wrong | Inclusion Atlas" },
    ]);
  });
});
