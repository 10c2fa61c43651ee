import { useCallback, useEffect, useState } from "react";
import type { School } from "../../../domain/datasets/schemas";
import { loadedSchools, loadSchools } from "./load-schools";

export type SchoolsLoad<Extra> =
  { status: "loading" } | { status: "error" } | { status: "ready"; schools: School[]; extra: Extra };

/**
 * The school list, loading on first use, together with whatever else the caller needs before it can show
 * it (`loadExtra`, e.g. the directory's code); retry() tries again after a failed load.
 */
export function useSchools<Extra>(loadExtra: () => Promise<Extra>): {
  load: SchoolsLoad<Extra>;
  retry: () => void;
} {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<SchoolsLoad<Extra>>({ status: "loading" });

  useEffect(() => {
    let current = true;
    const ready = loadedSchools();
    Promise.all([ready ? Promise.resolve(ready) : loadSchools(), loadExtra()]).then(
      ([schools, extra]) => {
        if (current) setLoad({ status: "ready", schools, extra });
      },
      () => {
        if (current) setLoad({ status: "error" });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, loadExtra]);

  const retry = useCallback(() => {
    setLoad({ status: "loading" });
    setAttempt((count) => count + 1);
  }, []);

  return { load, retry };
}
