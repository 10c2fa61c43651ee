import { useQuery } from "@tanstack/react-query";
import type { StateLgas } from "../../../domain/reports/report-lgas";

/**
 * The 37 states and their 774 LGAs, for a school's state and LGA selects. Imported when a form that needs it
 * opens (never with the dashboard's other pages): the registry is the largest file of the data desk.
 */
export function useLgaRegistry(needed: boolean): readonly StateLgas[] | null {
  const registry = useQuery({
    queryKey: ["datadesk.lgaRegistry"],
    queryFn: async () => (await import("../../../domain/reports/report-lgas")).lgasByState,
    enabled: needed,
    staleTime: Infinity,
  });
  return registry.data ?? null;
}
