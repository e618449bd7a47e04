// `bin/dashboard`: the product's command line. `start` runs the dashboard with its embedded clusters.
import { resolve } from "node:path";
import { ConfigError, readConfig } from "../config.ts";
import { startDashboard } from "../main.ts";
import { registerCommand as registerCommandText } from "@anbox-dashboard/contract";
import { CliError } from "./cli-error.ts";
import { registerCommand } from "./register.ts";
import { setAccountStatusCommand } from "./account-status.ts";
import { clusterCommand } from "./cluster-command.ts";
import { askYesNo } from "./ask-yes-no.ts";
import { groupCommand, identityCommand } from "./permission-commands.ts";
import { providerGroupCommand } from "./provider-group-command.ts";

const repositoryRoot = resolve(import.meta.dirname, "../../../..");

const usage = `usage: bin/dashboard <command>

commands:
  start                 run the dashboard and its embedded cluster (HOST, PORT, DATA_DIR configure it)
  register [--email ADDRESS] [--validity DURATION] [--group NAME]...
                        print a one-time URL that registers an account (valid 1h by default;
                        DURATION like 30m, 2h, 1d; the orchestrator variant needs --email), which
                        starts in the groups named (in none without --group)
  cluster add|list|remove
                        the clusters it manages: a remote AMS and its stream gateway, or embedded
                        (bin/dashboard cluster for more)
  group list|show|create|delete|permission|limit
                        authorization groups, their permissions and quotas (bin/dashboard group
                        for more)
  identity list|show|group
                        who has an account, and their groups (bin/dashboard identity for more)
  provider-group list|group
                        the external identity provider's groups mapped to dashboard groups
                        (bin/dashboard provider-group for more)
  disable-user EMAIL    disable an account and end its sessions
  enable-user EMAIL     enable a disabled account again

The account commands work on the data directory of the running dashboard (DATA_DIR, default ./data;
DATABASE_URL when it uses PostgreSQL): run them from the repository root with the same settings.
`;

async function start(): Promise<void> {
  const config = readConfig(process.env, repositoryRoot);
  // The server's log (JSON lines, LOG_LEVEL) goes to stderr; stdout keeps what people read.
  const dashboard = await startDashboard(config, { logStream: process.stderr });
  console.log(`Anbox Cloud Dashboard is running at ${dashboard.url}`);
  console.log(`Data directory: ${config.dataDir}`);
  if (dashboard.needsFirstAccount) {
    console.log(
      `No account exists yet. To register the first one, run in another terminal: ${registerCommandText(config.variant)}`,
    );
  }

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, stopping...`);
    dashboard.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => {
    stop("SIGINT");
  });
  process.on("SIGTERM", () => {
    stop("SIGTERM");
  });
}

const [command, ...args] = process.argv.slice(2);
const output = { stdout: process.stdout, stderr: process.stderr };
try {
  switch (command) {
    case "start":
      await start();
      break;
    case "register":
      await registerCommand(args, readConfig(process.env, repositoryRoot), output);
      break;
    case "cluster":
      await clusterCommand(
        args,
        readConfig(process.env, repositoryRoot),
        output,
        process.stdin.isTTY ? askYesNo : undefined,
      );
      break;
    case "group":
      await groupCommand(args, readConfig(process.env, repositoryRoot), output);
      break;
    case "identity":
      await identityCommand(args, readConfig(process.env, repositoryRoot), output);
      break;
    case "provider-group":
      await providerGroupCommand(args, readConfig(process.env, repositoryRoot), output);
      break;
    case "disable-user":
    case "enable-user":
      await setAccountStatusCommand(
        args,
        command === "disable-user",
        readConfig(process.env, repositoryRoot),
        output,
      );
      break;
    case undefined:
    case "help":
    case "--help":
      process.stdout.write(usage);
      break;
    default:
      process.stderr.write(`Unknown command "${command}".\n\n${usage}`);
      process.exit(2);
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(2);
  }
  if (error instanceof CliError) {
    console.error(error.message);
    process.exit(error.exitCode);
  }
  throw error;
}
