import type { School } from "./datasets/schemas";

// Directions to a school, for a visitor on a phone. The link is a Google Maps URL
// (https://developers.google.com/maps/documentation/urls/get-started): it needs no API key, opens the Maps
// app on Android and iOS when installed and the web page otherwise, and accepts coordinates or an address
// as the destination. A geo: URI was the other choice; it does nothing on iOS and on most desktop
// browsers, and OpenStreetMap's URLs route only between coordinates, which most schools lack.

/** Where the directions lead: the school's coordinates when known, else its address, else its LGA. */
export type DirectionsTarget =
  | { kind: "coordinates"; latitude: number; longitude: number }
  | { kind: "address"; text: string }
  | { kind: "lga"; text: string };

type Place = Pick<School, "location" | "local_government" | "state" | "latitude" | "longitude">;

/** The best destination the record gives, or null when it names neither a place nor an LGA. */
export function directionsTarget(school: Place): DirectionsTarget | null {
  const { latitude, longitude } = school;
  if (typeof latitude === "number" && typeof longitude === "number") {
    return { kind: "coordinates", latitude, longitude };
  }
  const location = school.location.trim();
  const lga = school.local_government.trim();
  const state = school.state.trim();
  // The country closes the text: "Ikeja" alone may be found elsewhere in the world.
  const place = (...parts: string[]) => [...parts, state, "Nigeria"].filter(Boolean).join(", ");
  if (location) return { kind: "address", text: place(location, lga) };
  if (lga) return { kind: "lga", text: place(lga) };
  return null;
}

/** The maps link for a destination. */
export function directionsHref(target: DirectionsTarget): string {
  const destination = target.kind === "coordinates" ? `${target.latitude},${target.longitude}` : target.text;
  const query = new URLSearchParams({ api: "1", destination });
  return `https://www.google.com/maps/dir/?${query.toString()}`;
}
