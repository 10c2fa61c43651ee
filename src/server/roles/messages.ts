import { roleChangeMessages, roleListMessages } from "../../domain/api/roles";

// What the roles API says to people. The success sentence is the product's, to the letter.

export const roleMessages = {
  roleUpdated: "User role updated successfully",
  ...roleChangeMessages,
  unknownUser: "There is no user with that id.",
  ownRole: "You cannot change your own role.",
  lastAdmin:
    "This change would leave the platform without an admin. Make another user an admin first, then try again.",
  ...roleListMessages,
} as const;
