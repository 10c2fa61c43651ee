import { describe, expect, it } from "vitest";
import { directionsHref, directionsTarget } from "./school-directions";

const place = { location: "", local_government: "", state: "Lagos", latitude: null, longitude: null };

describe("directions to a school", () => {
  it("lead to the coordinates when the record has them, whatever the address says", () => {
    const target = directionsTarget({ ...place, location: "Ikeja", latitude: 6.6018, longitude: 3.3515 });
    expect(target).toEqual({ kind: "coordinates", latitude: 6.6018, longitude: 3.3515 });
    expect(directionsHref(target!)).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=6.6018%2C3.3515",
    );
  });

  it("lead to the address (with its LGA, state and country) when there are no coordinates", () => {
    const target = directionsTarget({ ...place, location: " 12 Oba Akran Ave ", local_government: "Ikeja" });
    expect(target).toEqual({ kind: "address", text: "12 Oba Akran Ave, Ikeja, Lagos, Nigeria" });
    expect(directionsHref(target!)).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=12+Oba+Akran+Ave%2C+Ikeja%2C+Lagos%2C+Nigeria",
    );
  });

  it("lead to the LGA when neither coordinates nor an address are known", () => {
    expect(directionsTarget({ ...place, local_government: "Surulere" })).toEqual({
      kind: "lga",
      text: "Surulere, Lagos, Nigeria",
    });
  });

  it("are not offered when the record names no place", () => {
    expect(directionsTarget(place)).toBeNull();
    // One coordinate alone is no place.
    expect(directionsTarget({ ...place, latitude: 6.5 })).toBeNull();
  });
});
