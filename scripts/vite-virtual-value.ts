import type { Plugin } from "vite";

/** A plugin serving `id` as a module whose default export is `value` (JSON): a setting read at build time. */
export function virtualValueModule(name: string, id: string, value: unknown): Plugin {
  const resolvedId = `\0${id}`;
  return {
    name,
    resolveId: (requested) => (requested === id ? resolvedId : undefined),
    load: (requested) =>
      requested === resolvedId ? `export default ${JSON.stringify(value)};\n` : undefined,
  };
}
