// The cluster's database for tools outside the cluster (the benchmarks write thousands of instances
// straight into it): the package's `./store` entry. The server never imports it (.dependency-cruiser.js).
export { openClusterDatabase, type ClusterDatabase } from "./database.ts";
export { newId } from "./ids.ts";
