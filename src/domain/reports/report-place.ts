// Where and when a barrier was met, and how much of it a published report shows. The web form
// and the server apply these same rules and sentences; the server enforces them.

export const placePrecisions = ["state", "lga", "place"] as const;
export type PlacePrecision = (typeof placePrecisions)[number];

/** The safest choice: a reporter who does not choose publishes the state alone. */
export const DEFAULT_PLACE_PRECISION: PlacePrecision = "state";

export const placePrecisionLabels: Record<PlacePrecision, string> = {
  state: "The state only",
  lga: "The state and local government area",
  place: "The state, local government area and place name",
};

export const PLACE_NAME_MAX_LENGTH = 120;
/** Dates before this are refused as typing mistakes. */
export const EARLIEST_OCCURRED_ON = "1960-01-01";

export const placeMessages = {
  chooseState: "Please choose the state where it happened.",
  chooseLga: "Please choose the local government area where it happened.",
  lgaNotInState: (state: string) => `Please choose a local government area of ${state}.`,
  placeTooLong: `The town or place name can be at most ${PLACE_NAME_MAX_LENGTH} characters long.`,
  placeHasHiddenCharacters:
    "The town or place name contains characters that are not allowed (line breaks or hidden characters). Please type it again.",
  chooseDate: "Please enter the date it happened.",
  invalidDate: "Please enter a real date, as day, month and year.",
  dateInFuture: "The date it happened cannot be in the future.",
  dateTooEarly: "Please enter a date from 1960 onwards.",
  unknownPrecision: "Please choose how precisely the place is published.",
  precisionNeedsPlace:
    "You chose to publish the town or place name: please enter it, or choose to publish less.",
  consentRequired: "Please confirm that the people shown agreed, or cannot be identified.",
  consentLabel: "People shown agreed, or cannot be identified",
  anonymousReporter: "Anonymous reporter",
  placeNotGiven: "Place not given",
} as const;

/** Line breaks, hidden and invisible characters: never in a name or place (one rule for both). */
export { HIDDEN_OR_BREAKING_CHARACTERS } from "../hidden-characters";

/** Today's date in Nigeria (West Africa Time, UTC+1 all year), as YYYY-MM-DD. */
export { dayInNigeria as todayInNigeria } from "../nigeria-day";

/** The sentence for a bad "date it happened" (YYYY-MM-DD), or null when it is a real date up to today. */
export function occurredOnProblem(value: string, today: string): string | null {
  if (value.trim() === "") return placeMessages.chooseDate;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return placeMessages.invalidDate;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real) return placeMessages.invalidDate;
  if (value.trim() > today) return placeMessages.dateInFuture;
  if (value.trim() < EARLIEST_OCCURRED_ON) return placeMessages.dateTooEarly;
  return null;
}

/** Everything the reporter gave; moderators see all of it. */
export interface ReportPlace {
  stateId: number;
  state: string;
  lga: string;
  /** Town or place name; null when not given. */
  place: string | null;
  /** YYYY-MM-DD */
  occurredOn: string;
  precision: PlacePrecision;
}

/** What the public and the open data see: only as precisely as the reporter chose. */
export interface PublishedPlace {
  stateId: number;
  state: string;
  lga: string | null;
  place: string | null;
  occurredOn: string;
}

export function publishedPlace(full: ReportPlace): PublishedPlace {
  return {
    stateId: full.stateId,
    state: full.state,
    lga: full.precision === "state" ? null : full.lga,
    place: full.precision === "place" ? full.place : null,
    occurredOn: full.occurredOn,
  };
}

/** "Ikeja market, Ikeja, Lagos", or "Place not given" for reports sent before places were asked. */
export function describePlace(place: Pick<PublishedPlace, "state" | "lga" | "place"> | null): string {
  if (!place) return placeMessages.placeNotGiven;
  return [place.place, place.lga, place.state].filter((part): part is string => Boolean(part)).join(", ");
}
