import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import noHardcodedText from "./scripts/eslint-rules/no-hardcoded-text.js";

// Folders under `root`: each is a feature whose other files are private to it.
function featureFolders(root) {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

// Product code: everything under src/ except tests and the test-support folder (src/test).
const productFiles = ["./src/{web,server,domain}/**/!(*.test).{ts,tsx}"];
const webProductFiles = (layer) => `./src/web/${layer}/**/!(*.test).{ts,tsx}`;

const architectureZones = [
  // A web feature is used from outside its folder only through its index.ts.
  ...featureFolders("src/web/features").map((feature) => ({
    target: [
      `./src/web/features/!(${feature})/**`,
      "./src/web/!(features)/**",
      "./src/!(web|test)/**",
      "./{e2e,bench,scripts}/**",
    ],
    from: `./src/web/features/${feature}`,
    // lazy.ts: what other folders load on demand (a static import of index.ts would put the feature's pages
    // in the importer's first load).
    except: ["./index.ts", "./lazy.ts"],
    message: `Import the ${feature} feature through its index.ts (or lazy.ts, for what is loaded on demand).`,
  })),
  // Server features that only the app mounts are used from outside only through their routes.ts. (The other
  // server folders are layers every feature builds on: db, http, mail, media, rate-limit, accounts' guards.)
  ...[
    ["corrections", "./routes.ts"],
    ["health", "./routes.ts"],
    ["opendata", "./routes.ts"],
    ["roles", "./routes.ts"],
    ["site", "./web-app.ts"],
  ].map(([feature, entry]) => ({
    target: [
      `./src/server/!(${feature})/**`,
      "./src/server/*.ts",
      "./src/!(server|test)/**",
      "./{e2e,bench,scripts}/**",
    ],
    from: `./src/server/${feature}`,
    except: [entry],
    message: `Import the server's ${feature} folder through ${entry.slice(2)}.`,
  })),
  {
    target: productFiles,
    from: "./src/test",
    message: "Test support is for tests only.",
  },
  // The web app's layers, top to bottom: app (the root and the routes), features, ui, i18n, lib. Product code
  // does not import from a layer above its own (a test may put any of them together).
  {
    target: ["features", "ui", "i18n", "lib"].map(webProductFiles),
    from: "./src/web/app",
    message:
      "Only src/web/app imports src/web/app: move what a feature or a lower layer needs to src/web/ui (with words) or src/web/lib (without).",
  },
  {
    target: ["ui", "i18n"].map(webProductFiles),
    from: "./src/web/features",
    message:
      "src/web/ui and src/web/i18n sit below the features: take what a feature knows as props or a parameter.",
  },
  {
    target: [webProductFiles("lib")],
    from: "./src/web/i18n",
    message:
      "src/web/lib sits below src/web/i18n: take words from the caller, or let the app set them (lib/unauthorized-notice.ts).",
  },
  {
    target: [webProductFiles("lib")],
    from: ["./src/web/ui", "./src/web/features"],
    message:
      "src/web/lib sits below src/web/ui and the features: move the shape it needs into lib (or src/domain), or let the app register what it shows (lib/unauthorized-notice.ts).",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build",
      "node_modules",
      "var",
      ".react-router",
      "test-results",
      "playwright-report",
      "bench/results",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/server/**"], message: "The web app never imports server code." }] },
      ],
      // User-written text is always rendered as text.
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: "Render text, never HTML.",
        },
      ],
    },
  },
  {
    // Every user-visible string of the web app comes from the message catalogues (docs/translating.md).
    files: ["src/web/**/*.{ts,tsx}"],
    ignores: ["src/web/**/*.test.{ts,tsx}"],
    plugins: { i18n: { rules: { "no-hardcoded-text": noHardcodedText } } },
    rules: { "i18n/no-hardcoded-text": "error" },
  },
  {
    files: ["**/*.{js,ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // The files import-x reads to follow imports (for no-cycle), and how it finds them.
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".json"] })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones: architectureZones }],
    },
  },
  {
    // Vitest's waits give up after 1 s, a slow machine's first import or render can take longer: the web
    // tests wait with Testing Library's, whose 5 s src/test/web/setup.ts sets.
    files: ["src/web/**/*.test.{ts,tsx}", "src/test/web/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...["waitFor", "waitUntil"].map((property) => ({
          object: "vi",
          property,
          message: "Use Testing Library's waitFor (5 s, src/test/web/setup.ts); vi's gives up after 1 s.",
        })),
      ],
    },
  },
  {
    // Playwright fixtures must destructure their (unused) dependencies.
    files: ["e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["src/server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/web/**"], message: "The server never imports web code." }] },
      ],
    },
  },
  {
    files: ["src/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/web/**", "**/server/**"],
              message: "The domain is shared and imports neither side.",
            },
          ],
          paths: ["node:fs", "node:fs/promises", "fs", "pg", "@electric-sql/pglite"].map((name) => ({
            name,
            message: "The domain does no I/O.",
          })),
        },
      ],
    },
  },
);
