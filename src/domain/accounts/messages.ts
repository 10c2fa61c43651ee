// What the accounts API says to people, in one place so the web app can reuse the same sentences.

export const accountMessages = {
  fillOutAllFields: "Please fill out all fields",
  fillRequiredFields: "Fill all required fields",
  provideEmail: "Please provide your email address",
  invalidEmail: "Please enter a valid email address",
  nameTooLong: "Names can be at most 100 characters long.",
  nameHasControlCharacters: "Names can only contain letters, spaces and punctuation.",
  languageInvalid: "Please choose one of the site's languages.",

  registered: "Thank you for registering. Please check your e-mail and follow the link in it.",
  welcomeBack: (firstname: string) => `Welcome back, ${firstname}!`,
  wrongCredentials: "Wrong e-mail address or password. Please check them and try again.",
  notVerified:
    "Please verify your e-mail address before signing in. Follow the link in the e-mail we sent you, or ask for a new one.",
  loggedOut: "Logout successful",
  profileUpdated: "Profile updated successfully",

  signInRequired: "Please sign in to continue.",
  sessionEnded: "Your session has ended. Please sign in again.",
  notAllowed: "You do not have permission to do that.",

  verified: "Your e-mail address is verified. You are now signed in.",
  passwordChosen: "Your password is set. You are now signed in.",
  verificationLinkReady: "This link verifies your e-mail address once you confirm it on this page.",
  verificationProofNeeded:
    "Please enter the password you chose when registering, or choose a new password instead.",
  registrationPasswordWrong:
    "That is not the password chosen when registering. Please try again, or choose a new password instead.",
  verificationLinkInvalid: "This verification link is not valid. Please ask for a new one.",
  verificationLinkExpired: "This verification link has expired. Please ask for a new one.",
  verificationLinkUsed: "This verification link has already been used. Please sign in.",
  verificationResent:
    "If that e-mail address belongs to an account that still needs verifying, we have sent a new link. Please check your inbox.",

  resetRequested: "If your email is registered, you will receive a password reset link",
  passwordReset: "Password has been reset successfully. You can now sign in with your new password.",
  resetLinkMissing: "Invalid reset link. Please request a new password reset.",
  resetLinkInvalid: "This password reset link is not valid. Please request a new password reset.",
  resetLinkExpired: "This password reset link has expired. Please request a new password reset.",
  resetLinkUsed: "This password reset link has already been used. Please request a new password reset.",

  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`,
} as const;
