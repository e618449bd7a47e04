import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface ServerCertificate {
  cert: string;
  key: string;
}

/**
 * The TLS identity of the cluster's TCP endpoint: a self-signed certificate made once with Debian's
 * openssl and kept in the data directory, so clients can pin it across restarts (as with AMS).
 */
export function ensureServerCertificate(dataDir: string, commonName: string): ServerCertificate {
  const dir = join(dataDir, "tls");
  const certPath = join(dir, "server.crt");
  const keyPath = join(dir, "server.key");
  if (!existsSync(certPath) || !existsSync(keyPath)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return makeSelfSignedCertificate({
      commonName,
      days: 3650,
      certPath,
      keyPath,
      subjectAltName: "IP:127.0.0.1,IP:::1,DNS:localhost",
    });
  }
  return { cert: readFileSync(certPath, "utf8"), key: readFileSync(keyPath, "utf8") };
}

/** Makes a self-signed P-256 certificate and its key with openssl, written to the given paths. */
export function makeSelfSignedCertificate(options: {
  commonName: string;
  days: number;
  certPath: string;
  keyPath: string;
  subjectAltName?: string;
}): ServerCertificate {
  const extensions =
    options.subjectAltName === undefined
      ? []
      : ["-addext", `subjectAltName=${options.subjectAltName}`];
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-days", String(options.days), "-subj", `/CN=${options.commonName}`, ...extensions],
      ...["-keyout", options.keyPath, "-out", options.certPath],
    ],
    { stdio: "ignore" },
  );
  return {
    cert: readFileSync(options.certPath, "utf8"),
    key: readFileSync(options.keyPath, "utf8"),
  };
}
