import { render, screen } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { LoadFailureBoundary } from "./LoadFailureBoundary";

describe("a part of the page whose code cannot be fetched", () => {
  it("is replaced by its fallback, the rest of the page stays, and the failure is reported", async () => {
    // React reports an error it hands to a boundary on the console; that is expected here.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Missing = lazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    const onFailure = vi.fn();
    render(
      <>
        <header>Inclusion Atlas</header>
        <LoadFailureBoundary
          fallback={<p role="alert">This page could not finish loading.</p>}
          onFailure={onFailure}
        >
          <Suspense fallback={<p>Loading…</p>}>
            <Missing />
          </Suspense>
        </LoadFailureBoundary>
      </>,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("This page could not finish loading.");
    expect(screen.getByText("Inclusion Atlas")).toBeInTheDocument();
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it("shows its children when they render", async () => {
    const Present = lazy(() => Promise.resolve({ default: () => <p>The national figures</p> }));
    render(
      <LoadFailureBoundary fallback={<p role="alert">This page could not finish loading.</p>}>
        <Suspense fallback={<p>Loading…</p>}>
          <Present />
        </Suspense>
      </LoadFailureBoundary>,
    );
    expect(await screen.findByText("The national figures")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
