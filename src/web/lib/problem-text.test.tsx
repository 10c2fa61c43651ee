import { compileMessage } from "@lingui/message-utils/compileMessage";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { inLanguage } from "../../test/web/i18n";
import { useProblemText } from "../i18n/problem-text";
import { i18nFor } from "../i18n/runtime";
import { ApiError, noAnswer } from "./api-client";

// useProblemText (src/web/i18n/problem-text.ts): a failure as a person reads it, in the page's language,
// from the catalogue's sentence for its code or status; the server's own sentence only when there is none.

function Problem({ error, namespace }: { error: unknown; namespace?: string }) {
  const problemText = useProblemText(namespace);
  return <p data-testid="problem">{problemText(error)}</p>;
}

const failure = (status: number, body: unknown) =>
  new ApiError(status, (body as { message?: string }).message ?? "fallback", body);

async function shown(language: string, error: unknown, namespace?: string): Promise<string> {
  const { unmount } = render(await inLanguage(language, [], <Problem error={error} namespace={namespace} />));
  const text = screen.getByTestId("problem").textContent ?? "";
  unmount();
  return text;
}

describe("useProblemText", () => {
  it("shows the catalogue's sentence for the failure's code, in the page's language", async () => {
    const error = failure(429, { success: false, message: "Too many attempts.", code: "RATE_LIMITED" });
    expect(await shown("ha", error)).toBe(
      "An yi ƙoƙari da yawa. Don Allah a jira kaɗan, sannan a sake gwadawa.",
    );
  });

  it("shows the server's own sentence on an English page, the catalogue's when the server sent none", async () => {
    const error = failure(413, { success: false, message: "Photo a.jpg is too large.", code: "TOO_LARGE" });
    expect(await shown("en", error)).toBe("Photo a.jpg is too large.");
    const bare = failure(413, { success: false, code: "TOO_LARGE" });
    expect(await shown("en", bare)).toBe("What you sent is too large.");
  });

  it("names a failure without an answer (offline) by its status 0", async () => {
    expect(await shown("yo", noAnswer())).not.toBe(noAnswer().message);
    expect(await shown("en", noAnswer())).toBe(noAnswer().message);
  });

  it("falls back to the server's own sentence for a code and status the catalogue does not know", async () => {
    const error = failure(418, { success: false, message: "I am a teapot.", code: "NOT_A_CODE" });
    expect(error.code).toBeUndefined();
    expect(await shown("ha", error)).toBe("I am a teapot.");
  });

  it("prefers the form's own words for the field a validation failure names", async () => {
    await inLanguage("ha", [], null);
    i18nFor("ha").load("ha", {
      "testForm.problems.email": compileMessage("Don Allah a rubuta adireshin imel mai inganci."),
    });
    const error = failure(400, {
      success: false,
      message: "Please enter a valid email address",
      code: "VALIDATION_FAILED",
      field: "email",
    });
    expect(await shown("ha", error, "testForm")).toBe("Don Allah a rubuta adireshin imel mai inganci.");
    // Another field of the same form, without words of its own: the code's sentence.
    const other = failure(400, {
      success: false,
      message: "Bad name",
      code: "VALIDATION_FAILED",
      field: "name",
    });
    expect(await shown("ha", other, "testForm")).not.toBe("Bad name");
  });

  it("says 'something went wrong' in the page's language for anything that is not an ApiError", async () => {
    expect(await shown("en", new Error("boom"))).toBe("Something went wrong. Please try again.");
  });
});
