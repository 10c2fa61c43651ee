import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseStateBoundaries, type StateBoundaries } from "../../domain/opendata/boundaries";

// The states' boundaries for states.geojson: data/nigeria-states.geojson, the map's own file (it changes
// only with a deployment), read once.

const boundariesFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../data/nigeria-states.geojson",
);

let read: Promise<StateBoundaries> | null = null;

export function stateBoundaries(): Promise<StateBoundaries> {
  if (!read) {
    const reading = readFile(boundariesFile, "utf8").then(parseStateBoundaries);
    // A failed read is tried again on the next request.
    reading.catch(() => {
      if (read === reading) read = null;
    });
    read = reading;
  }
  return read;
}
