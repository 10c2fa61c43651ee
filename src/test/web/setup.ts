import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { namespaces } from "virtual:i18n";
import { afterEach } from "vitest";
import { loadMessages } from "../../web/i18n/runtime";

// findBy*/waitFor wait for a condition, not a duration: a longer limit than the default second costs nothing
// when the condition comes, and keeps a loaded machine (CI beside other work) from failing a correct test.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

// Components rendered alone (without a route's loader) speak English: every English catalogue is loaded.
await loadMessages("en", namespaces);
