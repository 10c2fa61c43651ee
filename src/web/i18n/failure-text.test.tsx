import { compileMessage } from "@lingui/message-utils/compileMessage";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { accountMessages } from "../../domain/accounts/messages";
import { passwordRules, weaknessMessage, type PasswordWeakness } from "../../domain/accounts/password-policy";
import { passwordProblem, problem, specificProblemKeys, type Problem } from "../../domain/api/problems";
import { inLanguage } from "../../test/web/i18n";
import { ApiError, noAnswer } from "../lib/api-client";
import { failureText, problemText, useFailureText } from "./failure-text";
import { i18nFor, loadMessages, translatorFor } from "./runtime";
import { fieldRefused } from "../../test/web/failures";

// failureText (src/web/i18n/failure-text.ts): a failure as a person reads it, in the page's language, from
// the problem key the server sent (errors.<key>), never from the server's English words.

function Failure({ error, namespace }: { error: unknown; namespace?: string }) {
  const text = useFailureText(namespace);
  return <p data-testid="failure">{text(error)}</p>;
}

const failure = (status: number, body: unknown) =>
  new ApiError(status, (body as { message?: string }).message ?? "fallback", body);

async function shown(language: string, error: unknown, namespace?: string): Promise<string> {
  const { unmount } = render(await inLanguage(language, [], <Failure error={error} namespace={namespace} />));
  const text = screen.getByTestId("failure").textContent ?? "";
  unmount();
  return text;
}

describe("failureText", () => {
  it("says the server's problem from its key and values in the page's language, whatever the message", async () => {
    const error = failure(429, {
      success: false,
      message: "Too many attempts. Please wait 5 minutes and try again.",
      code: "RATE_LIMITED",
      problem: { key: "account.tooManyAttempts", params: { minutes: 5 } },
    });
    expect(await shown("ha", error)).toBe(
      "Ƙoƙari ya yi yawa. Da fatan za a jira mintuna 5 sannan a sake gwadawa.",
    );
    // The key decides, not the words: a message in other words changes nothing.
    const reworded = failure(429, { ...(error.body as object), message: "Slow down." });
    expect(await shown("ha", reworded)).toBe(await shown("ha", error));
    expect(await shown("en", reworded)).toBe("Too many attempts. Please wait 5 minutes and try again.");
  });

  it("lists a password's missing rules in the page's language", async () => {
    await loadMessages("yo", ["auth"]);
    const error = failure(400, {
      success: false,
      message: "Your password needs a number.",
      code: "VALIDATION_FAILED",
      field: "password",
      problem: { key: "password.missingRules", params: { missing: ["uppercase", "digit"] } },
    });
    const text = await shown("yo", error, "auth");
    expect(text).not.toMatch(/password|errors\./);
    expect(text).toContain(translatorFor("/yo")("auth.password.need.digit"));
  });

  it("shows the server's own sentence on an English page for a code-only problem, the catalogue's elsewhere", async () => {
    const error = failure(413, {
      success: false,
      message: "Photo a.jpg is too large.",
      code: "TOO_LARGE",
      problem: { key: "code.TOO_LARGE", params: {} },
    });
    expect(await shown("en", error)).toBe("Photo a.jpg is too large.");
    expect(await shown("ig", error)).toBe(translatorFor("/ig")("errors.code.TOO_LARGE"));
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
    expect(error.problem).toBeUndefined();
    expect(await shown("ha", error)).toBe("I am a teapot.");
  });

  it("prefers the form's own words for a field the server refused without a more precise problem", async () => {
    await inLanguage("ha", [], null);
    i18nFor("ha").load("ha", {
      "testForm.problems.email": compileMessage("Don Allah a rubuta adireshin imel mai inganci."),
    });
    const error = failure(400, fieldRefused("email", "Please enter a valid email address"));
    expect(await shown("ha", error, "testForm")).toBe("Don Allah a rubuta adireshin imel mai inganci.");
    // Another field of the same form, without words of its own: the problem's sentence.
    const other = failure(400, fieldRefused("name", "Bad name"));
    expect(await shown("ha", other, "testForm")).toBe(
      translatorFor("/ha")("errors.request.fieldInvalid", { field: "name" }),
    );
  });

  it("says 'something went wrong' in the page's language for anything that is not an ApiError", async () => {
    expect(await shown("en", new Error("boom"))).toBe("Something went wrong. Please try again.");
    const english = translatorFor("/");
    expect(failureText(new Error("boom"), english, { other: "Not sent." })).toBe("Not sent.");
  });
});

describe("the English catalogue's problem sentences", () => {
  it("are the server's English messages, word for word", async () => {
    await loadMessages("en", ["auth"]);
    const english = translatorFor("/");
    for (const key of specificProblemKeys) {
      if (!key.startsWith("account.") || key === "account.tooManyAttempts") continue;
      const name = key.slice("account.".length) as keyof typeof accountMessages;
      expect(problemText(english, { key, params: {} } as Problem), key).toBe(accountMessages[name]);
    }
    for (const minutes of [1, 5]) {
      expect(problemText(english, problem("account.tooManyAttempts", { minutes }))).toBe(
        accountMessages.tooManyAttempts(minutes),
      );
    }
    const ids = passwordRules.map((rule) => rule.id);
    const weaknesses: PasswordWeakness[] = [
      ...(["tooLong", "personal", "common", "siteName", "emailAddress", "pattern", "guessable"] as const).map(
        (name) => ({ name }),
      ),
      ...Array.from({ length: (1 << ids.length) - 1 }, (_, index) => ({
        name: "missingRules" as const,
        missing: ids.filter((_, bit) => (index + 1) & (1 << bit)),
      })),
    ];
    for (const weakness of weaknesses) {
      expect(problemText(english, passwordProblem(weakness))).toBe(weaknessMessage(weakness));
    }
  });
});
