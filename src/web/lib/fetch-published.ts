import { publishedDataPaths, type PublishedDataName } from "../../domain/routes";

// The full records the pages' HTML leaves out (decision record 0003), fetched from the server, which answers
// from the data as published now (decision record 0019). "no-cache": the browser asks again each time and
// the server's ETag (the data's generation) makes the answer a 304 when nothing changed.

export async function fetchPublished(name: PublishedDataName): Promise<unknown> {
  const response = await fetch(publishedDataPaths[name], {
    cache: "no-cache",
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`${publishedDataPaths[name]} answered ${response.status}`);
  return response.json();
}
