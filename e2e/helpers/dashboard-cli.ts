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

/** `bin/dashboard register`: its output is the link alone, since it is not a terminal here. */
export async function createRegistrationLink(dataDir: string, email?: string): Promise<string> {
  const stdout = await runDashboardCli(
    email === undefined ? ["register"] : ["register", "--email", email],
    dataDir,
  );
  return stdout.trim();
}
