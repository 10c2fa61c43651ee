import type { Plugin } from "vite";
import { siteContactsFromEnv } from "../src/domain/site-contacts.ts";
import { virtualValueModule } from "./vite-virtual-value.ts";

// Serves `virtual:site-contacts`: the deployer's contact details and social links from the environment,
// checked when the site is built (a bad value stops the build with a message naming the variable).

export const SITE_CONTACTS_MODULE_ID = "virtual:site-contacts";

export function siteContacts(env: Record<string, string | undefined> = process.env): Plugin {
  return virtualValueModule(
    "inclusion-atlas:site-contacts",
    SITE_CONTACTS_MODULE_ID,
    siteContactsFromEnv(env),
  );
}
