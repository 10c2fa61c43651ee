import { afterEach, describe, expect, it } from "vitest";
import { currentToasts, toast } from "./toast-store";

afterEach(() => toast.clear());

describe("toasts", () => {
  it("show only the latest outcome: an error never stays beside a later success", () => {
    toast.error("Wrong e-mail or password");
    toast.success("Welcome back, Amina");
    expect(currentToasts().map((t) => `${t.kind}: ${t.message}`)).toEqual(["success: Welcome back, Amina"]);
  });

  it("can be dismissed", () => {
    const id = toast.warning("No State Selected");
    toast.dismiss(id);
    expect(currentToasts()).toEqual([]);
  });
});
