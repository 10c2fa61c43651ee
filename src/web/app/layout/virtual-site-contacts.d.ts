// The module scripts/vite-plugin-site-contacts.ts generates at build time from the environment.
declare module "virtual:site-contacts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- a relative import is not allowed here
  const contacts: import("../../../domain/site-contacts").SiteContacts;
  export default contacts;
}
