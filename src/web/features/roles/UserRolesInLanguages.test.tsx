import { render, screen, within } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it } from "vitest";
import { inLanguage } from "../../../test/web/i18n";
import { person } from "../../../test/web/roles";
import { UserSearch } from "./UserSearch";
import { UsersTable } from "./UsersTable";

// The role administration page's words in another language: no message id ever shows.

const noMessageIds = () => expect(document.body.innerHTML).not.toMatch(/\broles\.[a-zA-Z]+/);

describe("user roles in Yoruba", () => {
  it("names the search, the table, its columns and the roles in Yoruba", async () => {
    render(
      await inLanguage(
        "yo",
        ["roles"],
        <>
          <UserSearch search="" onSearch={() => {}} />
          <UsersTable
            users={[person(2, "Ada", "Obi", { role: "moderator", isVerified: false })]}
            roles={[]}
            viewerId={1}
            mayChangeRoles={false}
            busy={false}
            regionRef={createRef()}
            onChanged={() => {}}
          />
        </>,
      ),
    );
    expect(
      screen.getByRole("searchbox", { name: "Wá àwọn aṣàmúlò pẹ̀lú orúkọ tàbí e-mail" }),
    ).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Àwọn aṣàmúlò àti ipa wọn" });
    expect(within(table).getByRole("columnheader", { name: "Orúkọ ìdílé" })).toBeInTheDocument();
    const row = within(table).getByRole("row", { name: /ada\.obi@example\.org/ });
    expect(within(row).getByText("Alámòójútó")).toBeInTheDocument();
    expect(within(row).getByText("Rárá")).toBeInTheDocument();
    expect(within(row).getByText("Kò sí àṣẹ")).toBeInTheDocument();
    noMessageIds();
  });
});
