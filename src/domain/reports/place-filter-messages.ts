import { openDataMessages } from "../opendata/messages";

// Apart from the LGA registry (report-lgas.ts), so that the API contract states these sentences without
// loading the 774 LGAs into every page.

/** The states and the FCT, with ids 1 to 37, as data/states.json and data/lgas.json hold them. */
export const STATE_COUNT = 37;

/** The 400 sentences of the report lists' place and date filters, each naming its parameter. */
export const placeFilterMessages = {
  badState: `The parameter state must be the number of a state, from 1 to ${STATE_COUNT}.`,
  badLga: "The parameter lga must name a local government area (of the state in state, when one is given).",
  // The same sentences as the open-data filters'.
  badType: openDataMessages.badType,
  badDate: openDataMessages.badDate,
  fromAfterTo: openDataMessages.fromAfterTo,
  repeated: openDataMessages.repeated,
} as const;
