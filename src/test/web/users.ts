import type { PublicUser } from "../../domain/accounts/user";

/** The signed-in person of the web app's tests: a verified user. */
export const ada: PublicUser = {
  id: 7,
  firstname: "Ada",
  lastname: "Obi",
  email: "ada@example.org",
  role: "user",
  isVerified: true,
  language: "en",
};
