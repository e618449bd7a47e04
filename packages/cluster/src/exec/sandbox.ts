import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The confinement of an exec shell: bubblewrap with its own (empty, tmpfs) root in which only the
 * host's /usr (read-only, with the usual /bin, /lib... links into it) and the instance's rootfs
 * directories appear. Every namespace is unshared (no network, own PIDs, own hostname), every
 * capability is dropped (as root, bwrap would keep them and a shell could remount /usr writable),
 * nested user namespaces are disabled, and the sandbox dies with the cluster.
 */
export interface SandboxSpec {
  /** `<dataDir>/instances/<id>/rootfs`: its top-level directories become `/system`, `/data`, ... */
  rootfs: string;
  hostname: string;
  command: string[];
  environment: Record<string, string>;
  /** Interactive commands get a terminal; the others run in a session of their own. */
  interactive: boolean;
}

export const bwrapPath = "/usr/bin/bwrap";
const perlPath = "/usr/bin/perl";

/** Host paths that are links into /usr on a merged-/usr system (else read-only binds). */
const usrLinks = ["bin", "sbin", "lib", "lib32", "lib64", "libx32"];
/** Top-level names the sandbox itself provides; a rootfs directory of that name is not shown. */
const reserved = new Set([...usrLinks, "usr", "proc", "dev"]);
/** Rootfs directories every shell needs (created when missing) and the read-only ones. */
const requiredDirs = ["data", "tmp"];
const readOnlyDirs = new Set(["system"]);

/**
 * Under `--unshare-pid` the terminal's foreground process group (bwrap's, outside) is invisible,
 * and a job-control shell (dash) fails when it gives the terminal back at exit, losing its exit
 * code. This shim puts the command in a process group of its own, hands it the terminal, then
 * becomes the command (same PID, so signals and the exit code are the command's own).
 */
const terminalShim =
  'use POSIX; $SIG{TTOU}="IGNORE"; setpgid(0,0); tcsetpgrp(0, getpgrp()); $SIG{TTOU}="DEFAULT";' +
  ' exec {$ARGV[0]} @ARGV or do { print STDERR "$ARGV[0]: $!\\n"; exit 127 }';

export function sandboxArguments(spec: SandboxSpec): string[] {
  const args = ["--ro-bind", "/usr", "/usr"];
  for (const name of usrLinks) {
    const host = `/${name}`;
    if (!existsSync(host)) continue;
    if (lstatSync(host).isSymbolicLink()) args.push("--symlink", `usr/${name}`, host);
    else args.push("--ro-bind", host, host);
  }
  for (const name of rootfsDirectories(spec.rootfs)) {
    args.push(readOnlyDirs.has(name) ? "--ro-bind" : "--bind", join(spec.rootfs, name), `/${name}`);
  }
  args.push("--proc", "/proc", "--dev", "/dev");
  args.push("--unshare-all", "--unshare-user", "--disable-userns", "--cap-drop", "ALL");
  args.push("--die-with-parent", "--hostname", sandboxHostname(spec.hostname));
  args.push("--chdir", "/data", "--clearenv");
  for (const [key, value] of Object.entries(spec.environment)) args.push("--setenv", key, value);
  if (!spec.interactive) args.push("--new-session");
  args.push("--");
  if (spec.interactive && existsSync(perlPath)) args.push(perlPath, "-e", terminalShim, "--");
  args.push(...spec.command);
  return args;
}

/**
 * The rootfs's top-level real directories (symlinks are never followed: they could point anywhere
 * on the host), creating `data` and `tmp` when missing.
 */
function rootfsDirectories(rootfs: string): string[] {
  for (const name of requiredDirs) mkdirSync(join(rootfs, name), { recursive: true });
  return readdirSync(rootfs, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.isSymbolicLink() && !reserved.has(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** A valid hostname from an instance name: letters, digits and dashes, at most 63 characters. */
export function sandboxHostname(name: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9-]/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63);
  return cleaned === "" ? "instance" : cleaned;
}

export type SandboxCheck = { available: true } | { available: false; reason: string };

let cachedCheck: SandboxCheck | undefined;

/**
 * Whether confinement works here: bwrap present and able to create its namespaces. Checked once
 * (a real sandbox runs `true`); where it fails, exec is refused rather than run unconfined.
 */
export function checkSandbox(): SandboxCheck {
  if (cachedCheck) return cachedCheck;
  if (!existsSync(bwrapPath)) {
    cachedCheck = {
      available: false,
      reason: `the shell cannot be confined on this host: ${bwrapPath} (bubblewrap) is not installed`,
    };
    return cachedCheck;
  }
  const rootfs = mkdtempSync(join(tmpdir(), "exec-check-"));
  try {
    const args = sandboxArguments({
      rootfs,
      hostname: "check",
      command: ["/bin/true"],
      environment: { PATH: "/usr/bin:/bin" },
      interactive: false,
    });
    const result = spawnSync(bwrapPath, args, { timeout: 10_000, encoding: "utf8" });
    const stderr = result.stderr.trim();
    const why = stderr !== "" ? stderr : (result.error?.message ?? `exit ${String(result.status)}`);
    cachedCheck =
      result.status === 0
        ? { available: true }
        : {
            available: false,
            reason: `the shell cannot be confined on this host: bubblewrap failed its check (${why})`,
          };
  } finally {
    rmSync(rootfs, { recursive: true, force: true });
  }
  return cachedCheck;
}
