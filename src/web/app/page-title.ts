import site from "../../../data/site.json";

/** Every route has its own document title: "{page} | Inclusion Atlas". */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${site.name}` : `${site.name}: disability inclusion data for Nigeria`;
}

export function pageMeta(page: string | undefined, description: string = site.description) {
  return [{ title: pageTitle(page) }, { name: "description", content: description }];
}
