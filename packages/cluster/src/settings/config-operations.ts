import { configKeyDefinition, resolveConfigKey } from "@anbox-dashboard/contract";
import type { ClusterContext } from "../context.ts";
import { OperationError } from "../operations/operation-manager.ts";
import { writeSetting } from "./read-setting.ts";

export const configUpdateKind = "config-update";

/** What a `config-update` operation stores: the key and its already checked value. */
export interface ConfigUpdatePayload {
  key: string;
  value: string | number | boolean;
}

/**
 * Registers the operation that writes one configuration key. Writing a value again is harmless,
 * so an update interrupted by a restart is simply run again.
 */
export function registerConfigOperations({ operations, db, events }: ClusterContext): void {
  operations.registerKind<ConfigUpdatePayload>(configUpdateKind, {
    onRestart: "resume",
    run: async ({ key: name, value }) => {
      const key = resolveConfigKey(name);
      if (key === undefined) throw new OperationError(`unknown configuration key '${name}'`);
      const parsed = configKeyDefinition(key).parse(value);
      if (!parsed.ok) throw new OperationError(`${key} ${parsed.problem}`);
      await writeSetting(db, key, parsed.value);
      events.publish({
        type: "lifecycle",
        metadata: {
          action: "config-updated",
          source: "/1.0/config",
          context: { name: key, value: parsed.value },
        },
      });
      return { name: key, value: parsed.value };
    },
  });
}
