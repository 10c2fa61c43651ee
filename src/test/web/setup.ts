import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { namespaces } from "virtual:i18n";
import { afterAll, afterEach, vi } from "vitest";
import { loadMessages } from "../../web/i18n/runtime";
import { sayUnauthorizedInPageLanguage } from "../../web/app/unauthorized-notice";

// findBy*/waitFor wait for a condition, not a duration: a longer limit than the default second costs nothing
// when the condition comes, and keeps a loaded machine (CI beside other work) from failing a correct test.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

// A module may start an import it does not wait for (the API client loads the contract as soon as it is
// loaded, in development and tests): a file ends only when those have settled, never with one still loading
// into a torn-down environment (an unhandled error that fails the run).
afterAll(() => vi.dynamicImportSettled());

// Components rendered alone (without a route's loader) speak English: every English catalogue is loaded.
await loadMessages("en", namespaces);

// The API client's notice of an ended session (a 401), given as the root registers it: components rendered
// alone show it as the app does.
sayUnauthorizedInPageLanguage();
