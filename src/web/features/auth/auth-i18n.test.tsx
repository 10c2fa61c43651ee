import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { accountMessages } from "../../../domain/accounts/messages";
import { describePasswordProblems, passwordMessages } from "../../../domain/accounts/password-policy";
import { inLanguage } from "../../../test/web/i18n";
import { mockApi, renderPage, resetAuthTestState } from "../../../test/web/auth";
import { loadMessages, translatorFor } from "../../i18n/runtime";
import { accountText, passwordProblemText } from "./account-text";
import { RegisterPage } from "./RegisterPage";

afterEach(resetAuthTestState);

const english = translatorFor("/");

describe("the account forms' sentences from the catalogue", () => {
  it("are, in English, exactly the domain's sentences", () => {
    for (const value of Object.values(accountMessages)) {
      if (typeof value === "string") expect(accountText(english, value)).toBe(value);
    }
    for (const value of Object.values(passwordMessages)) expect(accountText(english, value)).toBe(value);
    for (const password of ["", "abc", "ABCDEFGH", "Kettle-Drum-42", "Password1!", "x".repeat(300)]) {
      expect(passwordProblemText(english, password)).toBe(describePasswordProblems(password));
    }
  });

  it("are translated in another language, and an unknown sentence is left as it came", async () => {
    await loadMessages("ha", ["auth"]);
    const hausa = translatorFor("/ha/login");
    expect(accountText(hausa, accountMessages.invalidEmail)).not.toBe(accountMessages.invalidEmail);
    expect(passwordProblemText(hausa, "abcdefgh")).toBe(
      "Kalmar sirrinka tana bukatar babban harafi, lamba da wata alama ta musamman kamar ! @ # $ ko %.",
    );
    expect(accountText(hausa, "Something the form said.")).toBe("Something the form said.");
  });
});

describe("the registration form in Hausa", () => {
  it("speaks Hausa, translates the checks and the server's answer, and registers the account in Hausa", async () => {
    const api = mockApi().answer("POST /auth/register", {
      status: 201,
      body: { success: true, message: accountMessages.registered },
    });
    const user = userEvent.setup();
    renderPage((await inLanguage("ha", ["auth"], <RegisterPage />)) as ReactElement, { path: "/register" });
    expect(screen.getByRole("heading", { level: 1, name: "Buɗe asusu" })).toBeInTheDocument();

    await user.type(screen.getByRole("textbox", { name: "Sunan farko" }), "Aisha");
    await user.type(screen.getByRole("textbox", { name: "Sunan iyali" }), "Bello");
    await user.type(screen.getByRole("textbox", { name: "Adireshin imel" }), "aisha@example.org");
    await user.type(screen.getByLabelText("Kalmar sirri", { selector: "input" }), "abcdefgh");
    await user.type(screen.getByLabelText("Tabbatar da kalmar sirri", { selector: "input" }), "abcdefgh");
    await user.click(screen.getByRole("button", { name: "Buɗe asusu" }));
    const summary = screen.getByRole("alert");
    expect(summary).toHaveTextContent("Da fatan za a gyara matsalolin kalmar sirri kafin aikawa");
    expect(
      within(summary).getByRole("link", {
        name: "Kalmar sirrinka tana bukatar babban harafi, lamba da wata alama ta musamman kamar ! @ # $ ko %.",
      }),
    ).toBeInTheDocument();
    expect(api.sent).toEqual([]);

    for (const label of ["Kalmar sirri", "Tabbatar da kalmar sirri"]) {
      await user.clear(screen.getByLabelText(label, { selector: "input" }));
      await user.type(screen.getByLabelText(label, { selector: "input" }), "Kettle-Drum-42");
    }
    await user.click(screen.getByRole("button", { name: "Buɗe asusu" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "An aika imel ɗin tabbatarwa!" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Mun gode da yin rajista. Da fatan za a duba imel ɗinka ka bi mahaɗin da ke ciki."),
    ).toBeInTheDocument();
    expect(api.sent[0]?.body).toMatchObject({ firstname: "Aisha", language: "ha" });
    expect(document.body.textContent).not.toMatch(/\bauth\.[a-zA-Z]/);
  });
});

describe("a password that is easy to guess, on the registration form in Hausa", () => {
  it("is refused before anything is sent, saying why in Hausa", async () => {
    const api = mockApi().answer("POST /auth/register", {
      status: 201,
      body: { success: true, message: accountMessages.registered },
    });
    const user = userEvent.setup();
    renderPage((await inLanguage("ha", ["auth"], <RegisterPage />)) as ReactElement, { path: "/register" });
    await user.type(screen.getByRole("textbox", { name: "Sunan farko" }), "Aisha");
    await user.type(screen.getByRole("textbox", { name: "Sunan iyali" }), "Bello");
    await user.type(screen.getByRole("textbox", { name: "Adireshin imel" }), "aisha@kasuwa.example");
    const cases = [
      ["Inclusion!Atlas1", "an gina ta a kan sunan shafin"],
      ["Kasuwa.example1!", "an gina ta a kan adireshin imel ɗinka"],
      ["Aa1!aaaa", "tana bin tsari mai sauƙi"],
    ] as const;
    for (const [password, reason] of cases) {
      for (const label of ["Kalmar sirri", "Tabbatar da kalmar sirri"]) {
        await user.clear(screen.getByLabelText(label, { selector: "input" }));
        await user.type(screen.getByLabelText(label, { selector: "input" }), password);
      }
      await user.click(screen.getByRole("button", { name: "Buɗe asusu" }));
      const summary = await screen.findByRole("alert");
      expect(summary).toHaveTextContent("Da fatan za a gyara matsalolin kalmar sirri kafin aikawa");
      const link = await within(summary).findByRole("link", { name: new RegExp(reason) });
      expect(link, password).toHaveTextContent(/^Wannan kalmar sirri tana da sauƙin hasashe: /);
    }
    expect(api.sent).toEqual([]);
    expect(document.body.textContent).not.toMatch(/This password/);
  });
});
