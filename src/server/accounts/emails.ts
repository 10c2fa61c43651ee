import { paths } from "../../domain/routes";
import { composeMail, greeting, type OutgoingMail } from "../mail/compose";

// The e-mails of the accounts module. Links are built from PUBLIC_URL, never from the request's Host
// header (DESIGN §7), so a forged Host cannot send someone's token elsewhere.

interface Recipient {
  email: string;
  firstname: string;
}

export function verificationEmail(to: Recipient, publicUrl: string, token: string): OutgoingMail {
  return composeMail(to.email, {
    subject: "Verify your e-mail address for Inclusion Atlas",
    heading: "Verify your e-mail address",
    paragraphs: [
      greeting(to.firstname),
      "Thank you for registering with Inclusion Atlas. Please confirm that this e-mail address is yours by following the link below. You will then be signed in.",
    ],
    actions: [{ label: "Verify my e-mail address", url: `${publicUrl}${paths.verifyEmail(token)}` }],
    closing: [
      "The link works once and expires in 24 hours.",
      "If you did not register, you can ignore this e-mail; no account will be activated.",
    ],
  });
}

export function passwordResetEmail(to: Recipient, publicUrl: string, token: string): OutgoingMail {
  return composeMail(to.email, {
    subject: "Reset your Inclusion Atlas password",
    heading: "Reset your password",
    paragraphs: [
      greeting(to.firstname),
      "We received a request to reset the password of your Inclusion Atlas account. Follow the link below to choose a new password.",
    ],
    actions: [{ label: "Choose a new password", url: `${publicUrl}${paths.resetPassword(token)}` }],
    closing: [
      "The link works once and expires in 1 hour. Choosing a new password signs you out on all your devices.",
      "If you did not ask for this, you can ignore this e-mail; your password stays the same.",
    ],
  });
}

/** Sent instead of a verification link when someone registers with an address that has an account. */
export function alreadyRegisteredEmail(to: Recipient, publicUrl: string, resetToken: string): OutgoingMail {
  return composeMail(to.email, {
    subject: "You already have an Inclusion Atlas account",
    heading: "You already have an account",
    paragraphs: [
      greeting(to.firstname),
      "Someone, probably you, tried to register on Inclusion Atlas with this e-mail address. This address already has an account, so no new account was created.",
      "If you remember your password, sign in. If you have forgotten it, or never finished registering, choose a new password: this also confirms your e-mail address.",
    ],
    actions: [
      { label: "Sign in to Inclusion Atlas", url: `${publicUrl}${paths.login()}` },
      { label: "Choose a new password", url: `${publicUrl}${paths.resetPassword(resetToken)}` },
    ],
    closing: [
      "The new-password link works once and expires in 1 hour.",
      "If this was not you, you can ignore this e-mail. Nobody can use your account without your password.",
    ],
  });
}

export function passwordChangedEmail(to: Recipient, publicUrl: string): OutgoingMail {
  return composeMail(to.email, {
    subject: "Your Inclusion Atlas password was changed",
    heading: "Your password was changed",
    paragraphs: [
      greeting(to.firstname),
      "The password of your Inclusion Atlas account has just been changed, and you have been signed out on all your devices.",
      "If you did this, there is nothing more to do. If you did not, ask for a new password straight away.",
    ],
    actions: [{ label: "Ask for a new password", url: `${publicUrl}${paths.forgotPassword()}` }],
  });
}
