import { roleChangeMessages } from "../../domain/api/roles";

// What the roles API says to people. The success sentence is the product's, to the letter.

export const USERS_PER_PAGE = 50;
export const MAX_PER_PAGE = 100;
export const SEARCH_MAX_LENGTH = 200;

export const roleMessages = {
  roleUpdated: "User role updated successfully",
  ...roleChangeMessages,
  unknownUser: "There is no user with that id.",
  ownRole: "You cannot change your own role.",
  lastAdmin:
    "This change would leave the platform without an admin. Make another user an admin first, then try again.",
  pageProblem: "The page must be a whole number of 1 or more.",
  perPageProblem: `per_page must be a whole number from 1 to ${MAX_PER_PAGE}.`,
  searchProblem: `The search must be text of at most ${SEARCH_MAX_LENGTH} characters.`,
} as const;
