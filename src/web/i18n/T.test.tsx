/* eslint-disable jsx-a11y/anchor-has-content -- formatRichText fills the links with the message's words */
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { inLanguage } from "../../test/web/i18n";
import type { MessageKey } from "../../i18n/message-keys";
import { LanguageProvider, useT } from "./language-context";
import { i18nFor } from "./runtime";
import { formatRichText, T } from "./T";

describe("messages with markup", () => {
  it("turns named tags into the given elements, nested and self-closing", () => {
    render(
      <p data-testid="text">
        {formatRichText("Read <link>the <b>explainer</b></link> now<br/>.", {
          link: <a href="/data/estimates" />,
          b: <strong />,
          br: <br />,
        })}
      </p>,
    );
    const link = screen.getByRole("link", { name: "the explainer" });
    expect(link).toHaveAttribute("href", "/data/estimates");
    expect(link.querySelector("strong")).toHaveTextContent("explainer");
    expect(screen.getByTestId("text").querySelector("br")).not.toBeNull();
    expect(screen.getByTestId("text")).toHaveTextContent("Read the explainer now.");
  });

  it("keeps the words of a tag it was given no element for", () => {
    render(<p data-testid="text">{formatRichText("A <x>kept</x> word", {})}</p>);
    expect(screen.getByTestId("text")).toHaveTextContent("A kept word");
  });

  it("renders the page language's message, with plurals", async () => {
    i18nFor("ha").load("ha", {
      "test.count": [["count", "plural", { one: ["#", " rahoto"], other: ["#", " rahotanni"] }]],
    });
    function Count({ count }: { count: number }) {
      // A message of this test's own, loaded above: no catalogue has its id.
      return <p>{useT()("test.count" as MessageKey, { count })}</p>;
    }
    render(
      <LanguageProvider language="ha">
        <Count count={1} />
        <Count count={3} />
      </LanguageProvider>,
    );
    expect(screen.getByText("1 rahoto")).toBeInTheDocument();
    expect(screen.getByText("3 rahotanni")).toBeInTheDocument();
  });

  it("renders the draft notice's link from the catalogue in English", async () => {
    render(
      await inLanguage("en", [], <T id="common.draftNotice" components={{ link: <a href="/about" /> }} />),
    );
    expect(screen.getByRole("link", { name: "Tell us about mistakes." })).toHaveAttribute("href", "/about");
  });
});
