import { describe, expect, it } from "vitest";
import { type ModuleGraph, usedModules } from "./used-modules";

// A small module graph as the bundler sees it: code after the TypeScript transform, imports resolved.
function graphOf(modules: Record<string, { code: string | null; imports?: string[] }>): ModuleGraph {
  return {
    code: (id) => modules[id]?.code ?? null,
    importedIds: (id) => modules[id]?.imports ?? [],
  };
}

const options = {
  isOurs: (id: string) => id.startsWith("/src/"),
  isReexportIndex: (id: string) => id.endsWith("/index.ts"),
};

describe("usedModules", () => {
  const graph = graphOf({
    "/src/home/HomePage.tsx": {
      code: 'import { jsx } from "react/jsx-runtime";\nimport { StateOverview } from "../states";\nimport "./home.css";',
      imports: ["react/jsx-runtime", "/src/states/index.ts", "/src/home/home.css"],
    },
    "/src/home/home.css": { code: "" },
    "/src/states/index.ts": {
      code: [
        'export { StateOverview } from "./StateOverview";',
        'export { StateReports, reportsCount as count } from "./StateReports";',
      ].join("\n"),
      imports: ["/src/states/StateOverview.tsx", "/src/states/StateReports.tsx"],
    },
    "/src/states/StateOverview.tsx": {
      code: 'import { format } from "../format";',
      imports: ["/src/format.ts"],
    },
    "/src/states/StateReports.tsx": {
      code: 'import { z } from "zod";\nimport * as api from "../api/client";',
      imports: ["zod", "/src/api/client.ts"],
    },
    "/src/format.ts": { code: "export const format = 1;" },
    "/src/api/client.ts": { code: "export const get = 1;" },
    "/src/reports/page.tsx": {
      code: 'import { count } from "../states";',
      imports: ["/src/states/index.ts"],
    },
  });

  it("follows an index's re-exports only for the names imported from it", () => {
    expect([...usedModules(["/src/home/HomePage.tsx"], graph, options)].sort()).toEqual([
      "/src/format.ts",
      "/src/home/HomePage.tsx",
      "/src/home/home.css",
      "/src/states/StateOverview.tsx",
      "/src/states/index.ts",
    ]);
  });

  it("finds a name re-exported under another name, and follows a namespace import whole", () => {
    expect([...usedModules(["/src/reports/page.tsx"], graph, options)].sort()).toEqual([
      "/src/api/client.ts",
      "/src/reports/page.tsx",
      "/src/states/StateReports.tsx",
      "/src/states/index.ts",
    ]);
  });

  it("reads an index again when a later module asks it for more names", () => {
    const used = usedModules(["/src/home/HomePage.tsx", "/src/reports/page.tsx"], graph, options);
    expect(used).toContain("/src/states/StateOverview.tsx");
    expect(used).toContain("/src/states/StateReports.tsx");
  });

  it("follows every import of a module whose code is unknown, and never leaves our modules", () => {
    const unknown = graphOf({
      "/src/a.ts": { code: null, imports: ["/src/b.ts"] },
      "/src/b.ts": { code: 'import x from "./c";\nimport "lib";', imports: ["/src/c.ts", "lib"] },
    });
    expect([...usedModules(["/src/a.ts"], unknown, options)].sort()).toEqual([
      "/src/a.ts",
      "/src/b.ts",
      "/src/c.ts",
    ]);
  });
});
