import type { Plugin } from "vite";
import { siteContactsFromEnv } from "../src/domain/site-contacts.ts";

// Serves `virtual:site-contacts`: the deployer's contact details and social links from the environment,
// checked when the site is built (a bad value stops the build with a message naming the variable).

export const SITE_CONTACTS_MODULE_ID = "virtual:site-contacts";
const resolvedModuleId = `\0${SITE_CONTACTS_MODULE_ID}`;

export function siteContacts(env: Record<string, string | undefined> = process.env): Plugin {
  const contacts = siteContactsFromEnv(env);
  return {
    name: "inclusion-atlas:site-contacts",
    resolveId(id) {
      return id === SITE_CONTACTS_MODULE_ID ? resolvedModuleId : undefined;
    },
    load(id) {
      if (id !== resolvedModuleId) return undefined;
      return `export default ${JSON.stringify(contacts)};\n`;
    },
  };
}
