import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { databaseResting } from "../../test/web/failures";
import { testQueryClient, withDataLayer } from "../../test/web/data-layer";
import { inLanguage } from "../../test/web/i18n";
import errors from "../../i18n/catalogues/en/errors.json";
import haErrors from "../../i18n/catalogues/ha/errors.json";
import { ApiError } from "../lib/api-client";
import { useApiQuery } from "../lib/use-api";
import { ListPage } from "./ListPage";

type Fetch = (page: number) => Promise<string[]>;

/** A list page as a feature writes one: its rows and one query. */
function Things({
  fetchThings,
  page = 1,
  allowed = true,
  level,
}: {
  fetchThings: Fetch;
  page?: number;
  allowed?: boolean;
  level?: 1 | 2;
}) {
  const things = useApiQuery({
    queryKey: ["things", page],
    queryFn: () => fetchThings(page),
    enabled: allowed,
  });
  return (
    <ListPage
      title="Things"
      level={level}
      query={things}
      allowed={allowed}
      focusOn={page}
      words={{
        loading: "Loading things…",
        failed: "The things could not be loaded.",
        retry: "Retry",
        denied: "Access Denied - You don't have permission to access this page.",
      }}
      summary={(list) => `${list.length} things.`}
    >
      {(list) => (
        <ul>
          {list.map((thing) => (
            <li key={thing}>{thing}</li>
          ))}
        </ul>
      )}
    </ListPage>
  );
}

/** An answer the test gives when it chooses. */
function later<T>() {
  let settle: { resolve: (value: T) => void; reject: (error: unknown) => void } | undefined;
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return {
    promise,
    resolve: (value: T) => settle?.resolve(value),
    reject: (e: unknown) => settle?.reject(e),
  };
}

const heading = () => screen.getByRole("heading", { level: 1, name: "Things" });
const resting = () => new ApiError(503, databaseResting.message, databaseResting);

describe("the list page's shell", () => {
  it("says it is loading in its status line, then the summary and the rows", async () => {
    const answer = later<string[]>();
    render(withDataLayer(<Things fetchThings={() => answer.promise} />));
    expect(heading()).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading things…");
    expect(screen.queryByRole("list")).not.toBeInTheDocument();

    answer.resolve(["a ramp", "a lift"]);
    expect(await screen.findByRole("list")).toHaveTextContent("a rampa lift");
    expect(screen.getByRole("status")).toHaveTextContent("2 things.");
    expect(heading()).not.toHaveFocus();
  });

  it("says a failure in an alert with the server's reason, and Retry asks again with focus on the heading", async () => {
    const fetchThings = vi.fn<Fetch>().mockRejectedValueOnce(resting()).mockResolvedValueOnce(["a ramp"]);
    render(withDataLayer(<Things fetchThings={fetchThings} />));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The things could not be loaded.");
    expect(screen.getByRole("status")).toHaveTextContent("");

    await userEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(heading()).toHaveFocus();
    expect(await screen.findByRole("list")).toHaveTextContent("a ramp");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(fetchThings).toHaveBeenCalledTimes(2);
  });

  it("says that no answer came, and nothing more for a bare 5xx", async () => {
    const fetchThings = vi
      .fn<Fetch>()
      .mockRejectedValueOnce(new ApiError(0, "Failed to fetch"))
      .mockRejectedValueOnce(new ApiError(502, "Bad gateway"));
    render(withDataLayer(<Things fetchThings={fetchThings} />));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(`The things could not be loaded.${errors["status.0"]}Retry`);

    await userEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("The things could not be loaded.Retry"),
    );
    expect(fetchThings).toHaveBeenCalledTimes(2);
  });

  it("says the failure in the page's language", async () => {
    const fetchThings = vi.fn<Fetch>().mockRejectedValue(resting());
    render(await inLanguage("ha", ["errors"], withDataLayer(<Things fetchThings={fetchThings} />)));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(haErrors["code.UNAVAILABLE"]);
    expect(alert).not.toHaveTextContent(databaseResting.message);
  });

  it("says 'Access Denied' for a 403, with no Retry and no rows", async () => {
    const forbidden = new ApiError(403, "You do not have permission to do that.", {
      success: false,
      message: "You do not have permission to do that.",
      code: "FORBIDDEN",
      problem: { key: "code.FORBIDDEN", params: {} },
    });
    render(withDataLayer(<Things fetchThings={() => Promise.reject(forbidden)} />));
    expect(
      await screen.findByText("Access Denied - You don't have permission to access this page."),
    ).toBeInTheDocument();
    expect(heading()).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
  });

  it("says 'Access Denied' to a viewer the list is not for, and asks nothing", () => {
    const fetchThings = vi.fn<Fetch>();
    render(withDataLayer(<Things fetchThings={fetchThings} allowed={false} />));
    expect(
      screen.getByText("Access Denied - You don't have permission to access this page."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(fetchThings).not.toHaveBeenCalled();
  });

  it("moves focus to the heading once another page of the list is shown", async () => {
    const client = testQueryClient();
    const second = later<string[]>();
    const fetchThings = vi.fn<Fetch>((page) => (page === 1 ? Promise.resolve(["a ramp"]) : second.promise));
    const { rerender } = render(withDataLayer(<Things fetchThings={fetchThings} />, client));
    await screen.findByRole("list");
    expect(heading()).not.toHaveFocus();

    rerender(withDataLayer(<Things fetchThings={fetchThings} page={2} />, client));
    expect(screen.getByRole("status")).toHaveTextContent("Loading things…");
    expect(heading()).not.toHaveFocus();
    second.resolve(["a lift"]);
    expect(await screen.findByText("a lift")).toBeInTheDocument();
    expect(heading()).toHaveFocus();
  });

  it("is a section named by its h2 when it is a part of another page, its Retry starting there too", async () => {
    const fetchThings = vi.fn<Fetch>().mockRejectedValueOnce(resting()).mockResolvedValueOnce(["a ramp"]);
    render(
      <main>
        <h1>The page</h1>
        {withDataLayer(<Things fetchThings={fetchThings} level={2} />)}
      </main>,
    );
    const section = screen.getByRole("region", { name: "Things" });
    expect(within(section).getByRole("heading", { level: 2, name: "Things" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    const alert = await within(section).findByRole("alert");
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Retry" }));
    expect(within(section).getByRole("heading", { level: 2 })).toHaveFocus();
    expect(await within(section).findByRole("list")).toHaveTextContent("a ramp");
  });
});
