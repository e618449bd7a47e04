import { X509Certificate } from "node:crypto";
import { connect } from "node:tls";
import { describeConnectionError } from "./connection-errors.ts";

/**
 * The certificate a TLS server presents, read without trusting it (the handshake is not
 * verified: this is how an operator sees what to pin, as `amc remote add` shows the fingerprint
 * to confirm). Nothing is sent after the handshake. Rejects with what went wrong, in words.
 */
export function fetchServerCertificate(url: string, timeoutMs = 5_000): Promise<X509Certificate> {
  const { hostname, port } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, "");
  return new Promise((resolve, reject) => {
    const socket = connect({
      host,
      port: Number(port || 443),
      ...(/^[\d.]+$|:/.test(host) ? {} : { servername: host }),
      // Only to read the certificate: it is compared with a fingerprint before anything trusts it.
      rejectUnauthorized: false,
      timeout: timeoutMs,
    });
    socket.once("secureConnect", () => {
      const certificate = socket.getPeerX509Certificate();
      socket.destroy();
      if (certificate === undefined) reject(new Error("the server presented no certificate"));
      else resolve(certificate);
    });
    socket.once("timeout", () => {
      socket.destroy();
      reject(new Error(`nothing answered within ${String(timeoutMs / 1000)} s`));
    });
    socket.once("error", (error: Error) => {
      reject(new Error(describeConnectionError(error)));
    });
  });
}

/** A SHA-256 fingerprint as people write it (any case, with or without colons), normalised. */
export function normaliseFingerprint(text: string): string {
  return text.replace(/[:\s]/g, "").toLowerCase();
}
