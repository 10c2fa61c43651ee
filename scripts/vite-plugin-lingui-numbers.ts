import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

// Lingui writes a plural's "#" (the 3 of "3 schools") with `new Intl.NumberFormat(locales)`, made on its
// first use. A browser's first NumberFormat builds its table of locales: 17 to 31 ms on this machine's
// Chromium (four times that on the phone Lighthouse simulates), a long task of its own on every page before
// it could hydrate. In the browser's build, Lingui's number formatter with no options is the product's own
// (src/web/i18n/plain-number-format.ts), which writes what Intl writes in each of the site's languages;
// a message that asks for options still gets Intl's. The server, the tests and the development server run
// Lingui as published (Intl), so the hydration test (e2e/hydration.spec.ts) compares the two in five
// languages.

const linguiCore = /[\\/]node_modules[\\/]@lingui[\\/]core[\\/]dist[\\/]index\.mjs$/;
const makesFormatter = "() => new Intl.NumberFormat(_locales, format)";
const formatModule = fileURLToPath(new URL("../src/web/i18n/plain-number-format.ts", import.meta.url));

/** The replacement, for a test to check against Lingui's file. */
export function withPlainNumbers(code: string): string | null {
  if (!code.includes(makesFormatter)) return null;
  return (
    `import { plainNumberFormat } from ${JSON.stringify(formatModule)};\n` +
    code.replace(
      makesFormatter,
      "() => format === void 0 ? plainNumberFormat : new Intl.NumberFormat(_locales, format)",
    )
  );
}

export function linguiPlainNumbers(): Plugin {
  let replaced = false;
  return {
    name: "inclusion-atlas:lingui-plain-numbers",
    // The browser's build only.
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    transform(code, id) {
      if (!linguiCore.test(id)) return null;
      const changed = withPlainNumbers(code);
      // A Lingui upgrade that writes its formatter otherwise must not quietly bring Intl back.
      if (changed === null) this.error(`${id} no longer has "${makesFormatter}": update this plugin`);
      replaced = true;
      return { code: changed, map: null };
    },
    buildEnd() {
      const usesLingui = [...this.getModuleIds()].some((id) => /[\\/]@lingui[\\/]core[\\/]/.test(id));
      if (usesLingui && !replaced)
        this.error("@lingui/core is in the build but its file was not the one expected");
    },
  };
}
