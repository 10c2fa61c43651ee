import { describe, expect, it } from "vitest";
import { STATE_COUNT, placeFilterMessages } from "./place-filter-messages";
import { lgasByState } from "./report-lgas";

describe("the place filters' sentences", () => {
  it("name as many states as the LGA registry holds", () => {
    expect(lgasByState.map((entry) => entry.stateId)).toEqual(
      Array.from({ length: STATE_COUNT }, (_, index) => index + 1),
    );
    expect(placeFilterMessages.badState).toContain(`from 1 to ${lgasByState.length}.`);
  });
});
