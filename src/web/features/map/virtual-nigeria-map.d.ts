// The module scripts/vite-plugin-nigeria-map.ts generates at build time from data/nigeria-states.geojson.
declare module "virtual:nigeria-map" {
  export interface MapRegion {
    /** As in the geojson, e.g. "Federal Capital Territory". */
    name: string;
    /** ISO 3166-2, e.g. "NG-LA". */
    code: string;
    /** SVG path in viewBox units. */
    d: string;
    centroid: [number, number];
  }
  export const viewBox: string;
  export const regions: readonly MapRegion[];
  const map: { viewBox: string; regions: readonly MapRegion[] };
  export default map;
}
