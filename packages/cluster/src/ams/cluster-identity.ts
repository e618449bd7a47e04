/** Who this cluster is: reported by `GET /1.0` so clients can tell clusters apart. */
export interface ClusterIdentity {
  id: string;
  name: string;
  version: string;
}
