import type { Plugin } from "vite";
import { publicUrlFromEnv } from "../src/domain/public-url.ts";
import { virtualValueModule } from "./vite-virtual-value.ts";

// Serves `virtual:public-url`: the site's public address (PUBLIC_URL) when the site is built, for the pages'
// absolute hreflang alternates. A bad value stops the build with a message naming the variable.

export const PUBLIC_URL_MODULE_ID = "virtual:public-url";

export function publicUrl(env: Record<string, string | undefined> = process.env): Plugin {
  return virtualValueModule("inclusion-atlas:public-url", PUBLIC_URL_MODULE_ID, publicUrlFromEnv(env));
}
