import { registryModes, type RegistryMode } from "@anbox-dashboard/contract";
import type { ClusterHandle } from "./cluster-handle.ts";
import { readConfig } from "../ams/config.ts";

/** A cluster's `GET /1.0/config` keys and values, as it reports them (none when it lists none). */
export async function readClusterSettings(
  cluster: ClusterHandle,
): Promise<Record<string, unknown>> {
  return readConfig(cluster);
}

/** What a cluster's settings say of its registry. */
export interface RegistrySettings {
  /** It has a `registry.url`. */
  enabled: boolean;
  /** `registry.mode`; `manual` when unset or unknown. `pull` and `push` sync by themselves. */
  mode: RegistryMode;
}

/** The registry's settings, decided once for `/api/info` and the registry's own calls. */
export function registrySettingsIn(settings: Record<string, unknown>): RegistrySettings {
  const url = settings["registry.url"];
  const mode = registryModes.find((each) => each === settings["registry.mode"]) ?? "manual";
  return { enabled: typeof url === "string" && url !== "", mode };
}
