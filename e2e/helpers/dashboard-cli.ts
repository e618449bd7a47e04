import { execFile } from "node:child_process";
import { repositoryRoot } from "./product.ts";

/**
 * Runs `bin/dashboard` from the repository root the way a person would next to the running product
 * (same DATA_DIR), and returns its standard output; fails with its message on a non-zero exit.
 */
export function runDashboardCli(args: string[], dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "bin/dashboard",
      args,
      { cwd: repositoryRoot, env: { ...process.env, DATA_DIR: dataDir } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`bin/dashboard ${args.join(" ")} failed: ${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

/**
 * `bin/dashboard register`: its output is the link alone, since it is not a terminal here. The
 * account starts in `groups`: `admin` unless told, as most tests act as an operator.
 */
export async function createRegistrationLink(
  dataDir: string,
  email?: string,
  groups: readonly string[] = ["admin"],
): Promise<string> {
  const stdout = await runDashboardCli(
    [
      "register",
      ...(email === undefined ? [] : ["--email", email]),
      ...groups.flatMap((group) => ["--group", group]),
    ],
    dataDir,
  );
  return stdout.trim();
}
