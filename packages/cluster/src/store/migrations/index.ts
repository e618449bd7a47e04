import type { Migration } from "kysely/migration";
import { initial } from "./0001-initial.ts";
import { certificates } from "./0002-certificates.ts";
import { instanceListIndexes } from "./0003-instance-list-indexes.ts";
import { instanceRevisionTrigger } from "./0004-instance-revision-trigger.ts";
import { gateway } from "./0005-gateway.ts";
import { nodeTotals } from "./0006-node-totals.ts";
import { applicationVersionSize } from "./0007-application-version-size.ts";
import { gatewaySessionClient } from "./0008-gateway-session-client.ts";

/** Every migration, in order. Names sort in the order they must run; never rename one that shipped. */
export const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-certificates": certificates,
  "0003-instance-list-indexes": instanceListIndexes,
  "0004-instance-revision-trigger": instanceRevisionTrigger,
  "0005-gateway": gateway,
  "0006-node-totals": nodeTotals,
  "0007-application-version-size": applicationVersionSize,
  "0008-gateway-session-client": gatewaySessionClient,
};
