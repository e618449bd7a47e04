import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ensurePrivateDirectory, restrictToOwner } from "@anbox-dashboard/db";

/**
 * Makes the data directory its owner's alone, before anything opens or writes in it: the folder
 * 0700, and what lies directly in it and in `idp/` (the database and its WAL, the runtime file, the
 * keys, the `clusters/` folder) closed to group and others, as an older install may have left them.
 * New files are made owner-only where they are written; the SQLite driver sees to its own files.
 * Symbolic links are left alone: what they point to need not be ours.
 */
export function securePrivateDataDirectory(dataDir: string): void {
  ensurePrivateDirectory(dataDir);
  for (const folder of [dataDir, join(dataDir, "idp")]) {
    for (const name of entriesOf(folder)) {
      restrictToOwner(join(folder, name), { followLinks: false });
    }
  }
}

function entriesOf(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}
