import { X509Certificate, createHash } from "node:crypto";

/** Parses a client certificate given as AMS takes it (base64 DER, or PEM) into its DER bytes. */
export function parseCertificate(text: string): { der: Buffer; fingerprint: string } | undefined {
  const body = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]+=*$/.test(body)) return undefined;
  const der = Buffer.from(body, "base64");
  try {
    // Throws when the bytes are not an X.509 certificate.
    new X509Certificate(der);
  } catch {
    return undefined;
  }
  return { der, fingerprint: fingerprintOf(der) };
}

export function fingerprintOf(der: Buffer): string {
  return createHash("sha256").update(der).digest("hex");
}
