// The build-time loaders of the prerendered pages read the two large datasets through this dynamic import.
// The browser code imports them dynamically too (features/schools/load-schools.ts,
// features/states/load-state-details.ts), so that they stay separate chunks; a static import of either
// file anywhere in the build would make those dynamic imports ineffective (Rolldown's
// INEFFECTIVE_DYNAMIC_IMPORT warning). Loaders are removed from the browser build, so this adds nothing
// to any page's JavaScript.

export async function loadDatasets() {
  const [schools, states] = await Promise.all([
    import("../../../data/schools.json"),
    import("../../../data/states.json"),
  ]);
  return { schools: schools.default, states: states.default };
}
