import { readCatalogue, readLanguages, readNamespaces } from "../src/i18n/catalogue-files.ts";
import { type CatalogueSet, checkLanguage, missingProblemMessages } from "../src/i18n/catalogue-check.ts";
import { problemKeys } from "../src/domain/api/problems.ts";
import { catalogueTypesAreCurrent } from "./i18n-types.ts";

// `npm run i18n:check`: the untranslated keys of each language, and every error in the catalogues
// (docs/translating.md). Exits 1 on an error, including a language marked "reviewed" with keys missing;
// a draft language's missing keys are listed (with --missing, one per line) but do not fail (the type check
// fails on a missing key instead: src/i18n/message-keys.ts), except the messages of the API's problem keys,
// which every language must have. Also fails while src/i18n/catalogue-types.ts, which hands the type check
// the catalogue files, lists other files than there are (npm run i18n:types).

const listAll = process.argv.includes("--missing");
const namespaces = readNamespaces();
const readSet = (code: string): CatalogueSet =>
  Object.fromEntries(namespaces.map((namespace) => [namespace, readCatalogue(code, namespace)]));

const english = readSet("en");
const total = Object.values(english).reduce((sum, messages) => sum + Object.keys(messages).length, 0);
let failed = false;
for (const language of readLanguages()) {
  const own = readSet(language.code);
  const report = checkLanguage(language, english, own);
  report.errors.push(...missingProblemMessages(language, own, problemKeys));
  const translated = language.code === "en" ? total : total - report.missing.length;
  console.log(
    `${language.code.padEnd(4)} ${language.englishName.padEnd(16)} ${language.status.padEnd(9)} ` +
      `${translated}/${total} messages translated` +
      (report.missing.length > 0 ? `, ${report.missing.length} missing` : ""),
  );
  if (listAll) for (const id of report.missing) console.log(`       missing ${id}`);
  for (const error of report.errors) console.error(`       error   ${error}`);
  if (report.errors.length > 0) failed = true;
}
if (!catalogueTypesAreCurrent()) {
  console.error(
    "       error   src/i18n/catalogue-types.ts does not list the catalogue files: run npm run i18n:types",
  );
  failed = true;
}
if (failed) {
  console.error("The catalogues have errors (above). See docs/translating.md.");
  process.exitCode = 1;
}
