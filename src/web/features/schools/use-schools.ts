import { useCallback, useEffect, useState } from "react";
import type { School } from "../../../domain/datasets/schemas";
import { loadedSchools, loadSchools } from "./load-schools";

export type SchoolsLoad =
  { status: "loading" } | { status: "error" } | { status: "ready"; schools: School[] };

/** The school list, loading on first use; retry() tries again after a failed load. */
export function useSchools(): { load: SchoolsLoad; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<SchoolsLoad>(() => {
    const schools = loadedSchools();
    return schools ? { status: "ready", schools } : { status: "loading" };
  });

  useEffect(() => {
    let current = true;
    loadSchools().then(
      (schools) => {
        if (!current) return;
        setLoad((previous) =>
          previous.status === "ready" && previous.schools === schools
            ? previous
            : { status: "ready", schools },
        );
      },
      () => {
        if (current) setLoad({ status: "error" });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setLoad({ status: "loading" });
    setAttempt((count) => count + 1);
  }, []);

  return { load, retry };
}
