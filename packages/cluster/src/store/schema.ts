/**
 * The cluster's tables. JSON values are stored as text (portable across SQLite and PostgreSQL);
 * byte sizes are integers of bytes; entity creation times are Unix seconds (as AMS reports them);
 * operation times are RFC 3339 text. `revision` counts updates and makes the ETag.
 */
export interface ClusterSchema {
  nodes: NodesTable;
  node_totals: NodeTotalsTable;
  images: ImagesTable;
  image_versions: ImageVersionsTable;
  applications: ApplicationsTable;
  application_versions: ApplicationVersionsTable;
  instances: InstancesTable;
  instance_tags: InstanceTagsTable;
  operations: OperationsTable;
  config: ConfigTable;
  certificates: CertificatesTable;
  gateway_accounts: GatewayAccountsTable;
  gateway_sessions: GatewaySessionsTable;
  gateway_shares: GatewaySharesTable;
}

/**
 * What the instances on a node hold, kept by triggers on `instances` (migration 0006): sums, so
 * PostgreSQL answers them as strings (bigint).
 */
export interface NodeTotalsTable {
  node: string;
  cpus: number | string;
  memory: number | string;
  gpu_slots: number | string;
  vpu_slots: number | string;
  disk_size: number | string;
  instances: number | string;
}

export interface NodesTable {
  name: string;
  address: string;
  public_address: string;
  architecture: string;
  cpus: number;
  cpu_allocation_rate: number;
  memory: number;
  memory_allocation_rate: number;
  disk_size: number;
  gpu_slots: number;
  gpu_encoder_slots: number;
  vpu_slots: number;
  /** JSON string array. */
  tags: string;
  unschedulable: number;
  is_master: number;
  managed: number;
  storage_pool: string;
  network_bridge_mtu: number;
  status: string;
  created_at: number;
  revision: number;
}

export interface ImagesTable {
  id: string;
  name: string;
  type: string;
  variant: string;
  architecture: string;
  /** JSON string array, e.g. ["gpu", "camera"]. */
  capabilities: string;
  is_default: number;
  immutable: number;
  status: string;
  created_at: number;
  revision: number;
}

export interface ImageVersionsTable {
  image_id: string;
  version: number;
  fingerprint: string;
  size: number;
  remote_id: string;
  status: string;
  error_message: string;
  created_at: number;
}

export interface ApplicationsTable {
  id: string;
  name: string;
  status: string;
  vm: number;
  instance_type: string;
  boot_package: string;
  parent_image_id: string;
  parent_image_variant: string;
  abi: string;
  immutable: number;
  inhibit_auto_updates: number;
  /** JSON string arrays. */
  tags: string;
  node_selector: string;
  addons: string;
  /** JSON object: cpus, memory, disk-size, gpu-slots, vpu-slots (as in the manifest). */
  resources: string;
  created_at: number;
  revision: number;
}

export interface ApplicationVersionsTable {
  application_id: string;
  number: number;
  manifest_version: string;
  /** The validated manifest as JSON. */
  manifest: string;
  /** The manifest file as uploaded (YAML), for download. */
  manifest_text: string;
  parent_image_id: string;
  parent_image_version: number;
  status: string;
  published: number;
  boot_activity: string;
  error_message: string;
  /** Where the unpacked package lives, relative to the cluster's data directory. */
  package_path: string;
  /** Bytes of the package uploaded (or copied) for this version; 0 when not known (migration 0007). */
  size: number;
  created_at: number;
}

export interface InstancesTable {
  id: string;
  name: string;
  type: string;
  base: number;
  status: string;
  desired_status: string;
  status_message: string;
  error_message: string;
  node: string;
  app_id: string;
  app_name: string;
  app_version: number;
  image_id: string;
  image_name: string;
  image_version: number;
  image_variant: string;
  architecture: string;
  address: string;
  cpus: number;
  memory: number;
  disk_size: number;
  gpu_slots: number;
  vpu_slots: number;
  /** JSON: InstanceConfig (display, enable_streaming, boot package/activity, security...). */
  config: string;
  /** JSON string array, kept in step with instance_tags, which the tag filter uses. */
  tags: string;
  /** JSON string array of log names. */
  stored_logs: string;
  created_at: number;
  revision: number;
}

export interface InstanceTagsTable {
  instance_id: string;
  tag: string;
}

export interface OperationsTable {
  id: string;
  class: string;
  description: string;
  status: string;
  status_code: number;
  /** JSON: { instances: ["/1.0/instances/<id>"], ... } */
  resources: string;
  /** JSON or "null". */
  metadata: string;
  may_cancel: number;
  err: string;
  created_at: string;
  updated_at: string;
  /** What the operation does, so that a restart can resume or resolve it (internal). */
  kind: string;
  /** JSON: the input the operation's work needs (internal). */
  payload: string;
}

export interface ConfigTable {
  key: string;
  value: string;
}

export interface CertificatesTable {
  /** SHA-256 of the DER certificate, lower-case hex. */
  fingerprint: string;
  name: string;
  /** The DER certificate, base64, without PEM header or footer (as AMS takes and shows it). */
  certificate: string;
  created_at: number;
}

/** A service account of the stream gateway (reference 3.1). Its token is never stored, only its hash. */
export interface GatewayAccountsTable {
  name: string;
  /** SHA-256 of the token, lower-case hex. */
  token_hash: string;
  created_at: number;
  /** Unix seconds after which the token is refused. */
  expires_at: number;
  revoked: number;
}

/** A stream gateway session (reference 3.3). It stays, `terminated`, after its instance is gone. */
export interface GatewaySessionsTable {
  id: string;
  instance_id: string;
  /** The application's name, or the image's for an instance made from an image. */
  app: string;
  /** created, active, error, terminating or terminated. */
  status: string;
  status_message: string;
  region: string;
  joinable: number;
  created_at: number;
  updated_at: number;
  /** JSON: { width, height, fps, density }. */
  screen: string;
  idle_time_min: number;
  ephemeral: number;
  /** 1 once a client has connected to its stream (migration 0008). */
  has_had_client: number;
}

/** A share link of a session: its id is the secret of the public link. */
export interface GatewaySharesTable {
  id: string;
  session_id: string;
  /** `stream` (our public stream links) or `adb` (accepted for compatibility). */
  type: string;
  description: string;
  created_at: number;
  /** Unix seconds; the API shows it as RFC 3339. */
  expiry_at: number;
}
