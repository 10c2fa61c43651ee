// Every screen exists once per language (src/web/app/routes.ts): "routes/home" in English, "ha/routes/home"
// in Hausa. Code that looks for a route by id compares the id without its language.

export function baseRouteId(id: string): string {
  const slash = id.indexOf("/routes/");
  return slash === -1 ? id : id.slice(slash + 1);
}
