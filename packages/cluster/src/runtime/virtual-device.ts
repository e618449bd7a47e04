import { mkdir, readdir, rm } from "node:fs/promises";
import { DeviceLog } from "./device-log.ts";
import { devicePids, type DevicePids } from "./device-pids.ts";
import {
  deviceLogNames,
  instanceDir,
  instanceLogsDir,
  instanceRootfsDir,
} from "./instance-paths.ts";
import { clearEphemeralData, prepareRootfs, type RootfsFacts } from "./rootfs.ts";

/** Everything the virtual device needs to know about the instance it plays. */
export interface DeviceFacts extends RootfsFacts {
  type: "container" | "vm";
  node: string;
  address: string;
  appName: string;
  bootActivity: string;
  cpus: number;
  memory: number;
  enableStreaming: boolean;
}

/**
 * The virtual Android device behind an instance. No Android runs: each lifecycle step lays out
 * files and writes the log lines a real device would, so that logs, the exec shell's filesystem and
 * the instance's status tell one consistent story. Every method is safe to call again (a boot
 * resumed after a restart repeats the step it was in).
 */
export class VirtualDevice {
  private readonly facts: DeviceFacts;
  private readonly rootfsDir: string;
  private readonly logsDir: string;
  private readonly log: DeviceLog;
  private readonly pids: DevicePids;

  constructor(dataDir: string, facts: DeviceFacts) {
    this.facts = facts;
    this.rootfsDir = instanceRootfsDir(dataDir, facts.id);
    this.logsDir = instanceLogsDir(dataDir, facts.id);
    this.log = new DeviceLog(this.logsDir, facts.name);
    this.pids = devicePids(facts.id);
  }

  /** prepared: the node is chosen; the device gets its directory and filesystem. */
  async prepare(): Promise<void> {
    const { facts } = this;
    await mkdir(this.logsDir, { recursive: true });
    await prepareRootfs(this.rootfsDir, facts);
    const gigabytes = (facts.memory / 1e9).toFixed(1);
    await this.log.boot(
      `[prepare] scheduled on node ${facts.node}: ${facts.cpus} CPUs, ${gigabytes} GB memory, ${facts.type}`,
    );
    await this.log.boot(
      `[prepare] image ${facts.imageName} (${facts.imageVariant}), ${facts.architecture}`,
    );
    await this.log.system("systemd", 1, [
      `Starting ${facts.type === "vm" ? "virtual machine" : "container"} ${facts.name}...`,
    ]);
  }

  /** started: network, services and hooks, then Android's init and zygote come up. */
  async start(): Promise<void> {
    const { facts, pids } = this;
    await this.log.boot(
      `[start] configuring network: address ${facts.address}/16 on bridge amsbr0`,
    );
    await this.log.boot("[start] exposing services");
    await this.log.boot("[start] running pre-start hook");
    await this.log.boot("[start] launching Android");
    await this.log.system("systemd", 1, [
      "Started Journal Service.",
      "Starting Anbox session manager...",
      "Started Anbox session manager.",
    ]);
    await this.log.system("anbox-session", pids.anbox, [
      `display ${facts.display.width}x${facts.display.height}@${facts.display.fps}fps density ${facts.display.density}`,
      facts.enableStreaming
        ? "streaming enabled (webrtc platform)"
        : "streaming disabled (null platform)",
    ]);
    await this.log.android(1, 1, [
      ["I", "init", "init first stage started!"],
      ["I", "init", "Loading SELinux policy"],
      ["I", "init", "starting service 'zygote'..."],
    ]);
    await this.log.android(pids.zygote, pids.zygote, [
      ["I", "Zygote", "begin preload"],
      ["I", "Zygote", "end preload"],
      ["I", "Zygote", "System server process has been created"],
    ]);
  }

  /** running: the system server is up and the boot activity (or the launcher) is on screen. */
  async reachRunning(): Promise<void> {
    const { facts, pids } = this;
    const system = pids.systemServer;
    const target =
      facts.bootPackage !== ""
        ? `${facts.bootPackage}/${facts.bootActivity === "" ? ".MainActivity" : facts.bootActivity}`
        : "com.android.launcher3/.Launcher";
    const processName = facts.bootPackage !== "" ? facts.bootPackage : "com.android.launcher3";
    await this.log.android(system, system, [
      ["I", "SystemServer", "Entered the Android system server!"],
      ["I", "ActivityManager", "System now ready"],
      [
        "I",
        "WindowManager",
        `Display ${facts.display.width}x${facts.display.height} density ${facts.display.density}`,
      ],
      [
        "I",
        "ActivityTaskManager",
        `START u0 {act=android.intent.action.MAIN cmp=${target}} from uid 1000`,
      ],
      [
        "I",
        "ActivityManager",
        `Start proc ${pids.app}:${processName}/u0a100 for top-activity {${target}}`,
      ],
      ["I", "ActivityManager", "Boot completed"],
    ]);
    await this.log.android(pids.app, pids.app, [["I", "ActivityThread", `Displayed ${target}`]]);
    await this.log.boot("[start] running post-start hook");
    await this.log.boot(
      `[running] Android is up${facts.appName === "" ? "" : ` with ${facts.appName}`}`,
    );
    await this.log.system("anbox-session", pids.anbox, ["Android container is running"]);
  }

  /** stopped: Android and the hooks stop; the device's data is gone (instances are ephemeral). */
  async stop(reason: string): Promise<void> {
    const { pids } = this;
    await this.log.android(pids.systemServer, pids.systemServer, [
      ["I", "ActivityManager", "Shutting down activity manager..."],
      ["I", "ShutdownThread", "Shutdown sequence complete"],
    ]);
    await this.log.boot(`[stop] stopping Android (${reason})`);
    await this.log.boot("[stop] running post-stop hook");
    await this.log.system("anbox-session", pids.anbox, ["Stopping Android container"]);
    await this.log.system("systemd", 1, [
      "Stopped Anbox session manager.",
      "Reached target Power-Off.",
    ]);
    await clearEphemeralData(this.rootfsDir);
    await this.log.boot("[stopped] device is off");
  }

  /** error: what went wrong, where an operator will look for it. */
  async fail(message: string): Promise<void> {
    await this.log.boot(`[error] ${message}`);
    await this.log.system("anbox-session", this.pids.anbox, [`error: ${message}`]);
  }

  /** A note in the boot log (e.g. that a restart interrupted the boot). */
  note(message: string): Promise<void> {
    return this.log.boot(message);
  }
}

/** Deletes the instance's directory (rootfs and logs). */
export async function removeDeviceFiles(dataDir: string, id: string): Promise<void> {
  await rm(instanceDir(dataDir, id), { recursive: true, force: true });
}

/** The log files the device has written so far, sorted by name. */
export async function listDeviceLogs(dataDir: string, id: string): Promise<string[]> {
  try {
    const names = await readdir(instanceLogsDir(dataDir, id));
    const known: readonly string[] = deviceLogNames;
    return names.filter((name) => known.includes(name)).sort();
  } catch {
    return [];
  }
}
