// The part of frictionlessdata's `datapackage` library (no types of its own) the open-data tests use to
// validate the data package as a Frictionless validator does.
declare module "datapackage" {
  interface Resource {
    name: string;
    tabular: boolean;
    /** Every row cast with the resource's Table Schema; rejects with `errors` listing each bad cell. */
    read(options: { cast: boolean }): Promise<unknown[][]>;
  }
  interface Package {
    valid: boolean;
    /** The descriptor's problems against its profile. */
    errors: Error[];
    resources: Resource[];
  }
  const datapackage: {
    Package: { load(descriptor: object, options: { basePath: string }): Promise<Package> };
  };
  export default datapackage;
}
