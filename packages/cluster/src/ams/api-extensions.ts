import { deviceControlsExtension } from "@anbox-dashboard/contract";

/**
 * The AMS API extensions this cluster implements. Clients (the dashboard among them) check this
 * list from `GET /1.0` before they use a feature, exactly as they do against a real AMS; an
 * extension is listed only once its endpoints work.
 */
export const apiExtensions: readonly string[] = [
  "instance_support",
  "vm_support",
  "container_logs",
  "bulk_delete.instances",
  // This cluster's own: `PATCH /1.0/instances {ids, desired_status}` and `order_by`/`order`.
  "bulk_update.instances",
  "instances_order_by",
  // `GET /1.0/instances?id=a,b,c`: the instances of these ids (the dashboard lists what a user
  // was given one by one with it).
  "instance_id_list_filter",
  // Exec over the LXD exec protocol (POST /1.0/instances/{id}/exec) and its pre-1.20 alias.
  "instance_exec",
  "container_exec",
  // Applications: zip and bzip2 packages, manifest keys, versions, manifest download, bulk delete.
  "zip_archive_support",
  "application_resource_customization",
  "application_watchdog_settings",
  "application_services_configuration",
  "application_manifest_version",
  "application_gpu_encoder",
  "application_partial_updates",
  "application_manifest_download",
  "bulk_delete.applications",
  // This cluster's own: `/1.0/instances/{id}/device/…`, a running device's location, sensors,
  // battery, SMS and calls, clipboard (issue 39; Anbox's runtime API names where it has them).
  deviceControlsExtension,
];
