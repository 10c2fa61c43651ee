import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lazyDependenciesIn, lazyImportsOf } from "./lazy-dependencies";

// The head of a built route module that imports its content lazily, as the build writes it.
const homeModule =
  'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/HomePage-N6.js","assets/framework-ik.js","assets/_virtual_nigeria-map-nc.js"])))=>i.map(i=>d[i]);\n' +
  'import{r as e}from"./rolldown-runtime-XK.js";';

describe("the lazy imports of a built module", () => {
  it("are the files its head lists, as addresses", () => {
    expect(lazyImportsOf(homeModule)).toEqual([
      "/assets/HomePage-N6.js",
      "/assets/framework-ik.js",
      "/assets/_virtual_nigeria-map-nc.js",
    ]);
  });

  it("are none for a module without the list, or with a list of another shape", () => {
    expect(lazyImportsOf('import{r as e}from"./rolldown-runtime-XK.js";')).toEqual([]);
    expect(lazyImportsOf(homeModule.replace('"assets/HomePage-N6.js"', '"../../etc/passwd.js"'))).toEqual([
      "/assets/framework-ik.js",
      "/assets/_virtual_nigeria-map-nc.js",
    ]);
    expect(lazyImportsOf(homeModule.replace("m.f=[", "m.f=[oops,"))).toEqual([]);
  });

  describe("read from the build", () => {
    let clientDir = "";
    beforeAll(async () => {
      clientDir = await mkdtemp(path.join(tmpdir(), "lazy-dependencies-"));
      await mkdir(path.join(clientDir, "assets"));
      await writeFile(path.join(clientDir, "assets", "home-BB.js"), homeModule);
    });
    afterAll(() => rm(clientDir, { recursive: true, force: true }));

    it("by a module's address; none for a missing module or an address outside the build's assets", () => {
      const lazy = lazyDependenciesIn(clientDir);
      expect(lazy("/assets/home-BB.js")).toContain("/assets/HomePage-N6.js");
      expect(lazy("/assets/missing.js")).toEqual([]);
      expect(lazy("/../assets/home-BB.js")).toEqual([]);
    });
  });
});
