// The deployer's contact details and social links, from the environment (read by the server when it starts,
// and shown in the footer of every page it renders, decision record 0019). Unset means not shown: the site
// never shows a placeholder address or a network's bare home page.

export const socialNetworks = [
  { key: "facebook", name: "Facebook", variable: "SITE_FACEBOOK_URL" },
  { key: "x", name: "X", variable: "SITE_X_URL" },
  { key: "instagram", name: "Instagram", variable: "SITE_INSTAGRAM_URL" },
  { key: "linkedin", name: "LinkedIn", variable: "SITE_LINKEDIN_URL" },
  { key: "youtube", name: "YouTube", variable: "SITE_YOUTUBE_URL" },
] as const;

/**
 * The variables of the footer's contacts (the README's configuration table lists them). A function: the
 * footer imports this module, and its first-load JavaScript has no use for the list.
 */
export function siteContactVariables(): string[] {
  return ["SITE_CONTACT_EMAIL", "SITE_CONTACT_PHONE", ...socialNetworks.map((network) => network.variable)];
}

export interface SiteContacts {
  email: string;
  phone: string;
  /** Only the networks that are set, in the order above. */
  social: { name: string; url: string }[];
}

export const noContacts: SiteContacts = { email: "", phone: "", social: [] };

/**
 * The contacts the environment sets, or an error naming the variable that is wrong: an e-mail that is not
 * one, a phone without digits, a social link that is not https or is only the network's home page.
 */
export function siteContactsFromEnv(env: Record<string, string | undefined>): SiteContacts {
  const email = env.SITE_CONTACT_EMAIL?.trim() ?? "";
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new Error(`SITE_CONTACT_EMAIL must be an e-mail address (got "${email}").`);
  }
  const phone = env.SITE_CONTACT_PHONE?.trim() ?? "";
  if (phone && !/^\+?[\d\s()-]{6,}$/.test(phone)) {
    throw new Error(`SITE_CONTACT_PHONE must be a phone number such as +234 803 000 0000 (got "${phone}").`);
  }
  const social: SiteContacts["social"] = [];
  for (const network of socialNetworks) {
    const value = env[network.variable]?.trim() ?? "";
    if (!value) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`${network.variable} must be a full https:// address (got "${value}").`);
    }
    if (url.protocol !== "https:")
      throw new Error(`${network.variable} must start with https:// (got "${value}").`);
    if (url.pathname.replace(/\/+$/, "") === "") {
      throw new Error(
        `${network.variable} must link to your page, not the network's home page (got "${value}").`,
      );
    }
    social.push({ name: network.name, url: url.toString() });
  }
  return { email, phone, social };
}

/** "tel:" address of a phone number as written ("+234 803 000 0000" → "tel:+2348030000000"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}
