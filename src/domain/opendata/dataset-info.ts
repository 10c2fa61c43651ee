// Each open dataset's title and description, apart from its fields (datasets.ts) so that a page that
// names a dataset (the explorer's citation) loads none of the fields' definitions and rules.

export type OpenDatasetId = "states" | "schools" | "estimates" | "reports";

export interface OpenDatasetDescription {
  id: OpenDatasetId;
  title: string;
  description: string;
}

export const datasetInfo: Record<OpenDatasetId, OpenDatasetDescription> = {
  states: {
    id: "states",
    title: "State disability policy records, Nigeria",
    description:
      "The 36 states and the FCT: each state's disability law and its status, the responsible agency, rank and inclusion score where known, key findings and sources.",
  },
  schools: {
    id: "schools",
    title: "Inclusive and special schools, Nigeria",
    description:
      "The directory of inclusive and special schools: name, state, local government, type, learners served, boarding and ownership where known, and the sources that name each school.",
  },
  estimates: {
    id: "estimates",
    title: "Published estimates of disability prevalence, Nigeria",
    description:
      "Every published estimate of how many people in Nigeria have a disability, side by side, each with its source, method and caveats. Not a time series.",
  },
  reports: {
    id: "reports",
    title: "Verified eyewitness reports",
    description:
      "Eyewitness reports on disability inclusion, published after review. Only verified reports, each as its reporter chose to publish it: a first name only where they chose so, never an e-mail address or a last name.",
  },
};
