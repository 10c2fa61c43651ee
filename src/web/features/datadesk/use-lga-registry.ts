import { lgasByState, type StateLgas } from "../../../domain/reports/report-lgas";

/**
 * The 37 states and their 774 LGAs, for a school's state and LGA selects. A plain import: the field rules
 * (src/domain/datadesk/fields.ts) check a school's LGA with the same registry, so the desk's pages carry it
 * anyway, and a dynamic import of it would be ineffective (a build warning).
 */
export function useLgaRegistry(needed: boolean): readonly StateLgas[] | null {
  return needed ? lgasByState : null;
}
