import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { Pager } from "./Pager";

function Where() {
  return <p data-testid="where">{useLocation().search}</p>;
}

function renderPager(page: number, lastPage: number, onPage = vi.fn(), morePages = false) {
  const router = createMemoryRouter(
    [
      {
        path: "/list",
        element: (
          <>
            <Pager
              label="Pages of things"
              page={page}
              lastPage={lastPage}
              morePages={morePages}
              linkTo={(to) => ({ search: `?page=${to}` })}
              onPage={onPage}
            />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [`/list?page=${page}`] },
  );
  render(<RouterProvider router={router} />);
  return onPage;
}

describe("Pager", () => {
  it("says when there may be more pages than it knows of, and still links to the next", () => {
    renderPager(1, 21, vi.fn(), true);
    const nav = screen.getByRole("navigation", { name: "Pages of things" });
    expect(nav).toHaveTextContent("Page 1 of 21 or more");
    expect(screen.getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/list?page=2");
  });

  it("is a named navigation with the page number and links to the pages either side", () => {
    renderPager(2, 1200);
    const nav = screen.getByRole("navigation", { name: "Pages of things" });
    expect(nav).toHaveTextContent("Page 2 of 1,200");
    expect(screen.getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "/list?page=1");
    expect(screen.getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/list?page=3");
  });

  it("leaves out Previous on the first page and Next on the last", () => {
    renderPager(1, 3);
    expect(screen.queryByRole("link", { name: "Previous page" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Next page" })).toBeInTheDocument();
  });

  it("shows nothing for a list of one page", () => {
    renderPager(1, 1);
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
  });

  it("goes to the page and tells the list, by keyboard", async () => {
    const onPage = renderPager(3, 3);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole("link", { name: "Previous page" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByTestId("where")).toHaveTextContent("?page=2");
    expect(onPage).toHaveBeenCalledTimes(1);
  });
});
