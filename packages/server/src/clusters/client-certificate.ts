import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { hostname } from "node:os";
import { dirname } from "node:path";
import { dashboardClientCertificatePaths } from "./remote-cluster.ts";

export interface ClientCertificate {
  certPath: string;
  keyPath: string;
  certificate: X509Certificate;
  /** True when it was made now (AMS cannot trust it yet). */
  created: boolean;
}

/**
 * The dashboard's client certificate for AMS's mutual TLS, as `amc` has its own: made once with
 * Debian's openssl (ECDSA P-384, ten years), kept in `$DATA_DIR/tls/` with its key at mode 0600,
 * and shared by every remote cluster (each AMS trusts it once).
 */
export function ensureClientCertificate(dataDir: string): ClientCertificate {
  const { cert: certPath, key: keyPath } = dashboardClientCertificatePaths(dataDir);
  const created = !existsSync(certPath) || !existsSync(keyPath);
  if (created) {
    mkdirSync(dirname(certPath), { recursive: true, mode: 0o700 });
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:secp384r1", "-nodes"],
        ...["-days", "3650", "-subj", `/CN=anbox-dashboard@${hostname()}`],
        ...["-keyout", keyPath, "-out", certPath],
      ],
      { stdio: "ignore" },
    );
  }
  // openssl writes the key 0600 under a usual umask; make sure whatever the umask was.
  chmodSync(keyPath, 0o600);
  return {
    certPath,
    keyPath,
    certificate: new X509Certificate(readFileSync(certPath)),
    created,
  };
}
