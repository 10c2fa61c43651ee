// The module scripts/vite-plugin-site-contacts.ts generates at build time from the environment.
declare module "virtual:site-contacts" {
  const contacts: import("../../../domain/site-contacts").SiteContacts;
  export default contacts;
}
