// `bin/dashboard`: the product's command line. `start` runs the dashboard with its embedded clusters.
import { resolve } from "node:path";
import { ConfigError, readConfig } from "../config.ts";
import { startDashboard } from "../main.ts";

const repositoryRoot = resolve(import.meta.dirname, "../../../..");

const usage = `usage: bin/dashboard <command>

commands:
  start      run the dashboard and its embedded cluster (HOST, PORT, DATA_DIR configure it)
`;

async function start(): Promise<void> {
  const config = readConfig(process.env, repositoryRoot);
  const dashboard = await startDashboard(config);
  console.log(`Anbox Cloud Dashboard is running at ${dashboard.url}`);
  console.log(`Data directory: ${config.dataDir}`);

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

const [command] = process.argv.slice(2);
try {
  switch (command) {
    case "start":
      await start();
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
  throw error;
}
