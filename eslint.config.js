import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
