/**
 * What went wrong reaching a cluster's service, in words an operator acts on: the address refuses
 * connections, the server is not the one pinned, its certificate expired, the dashboard's client
 * certificate is not trusted, or nothing answered in time. Never the key or a token.
 */
export function describeConnectionError(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code ?? "";
  switch (code) {
    case "ECONNREFUSED":
      return "the address refuses connections (is the service running, and on that port?)";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "the host name does not resolve";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "the host cannot be reached from here";
    case "ETIMEDOUT":
    case "ECONNRESET":
      return `the connection failed (${code})`;
    case "ENOENT":
      return "its socket is not there (is the cluster running?)";
    case "CERT_HAS_EXPIRED":
      return "its TLS certificate has expired";
    case "CERT_NOT_YET_VALID":
      return "its TLS certificate is not valid yet (check the clocks)";
    case "DEPTH_ZERO_SELF_SIGNED_CERT":
    case "SELF_SIGNED_CERT_IN_CHAIN":
    case "UNABLE_TO_VERIFY_LEAF_SIGNATURE":
    case "UNABLE_TO_GET_ISSUER_CERT_LOCALLY":
    case "ERR_TLS_CERT_ALTNAME_INVALID":
    case "CERT_SIGNATURE_FAILURE":
      return "its TLS certificate is not the one pinned for it (wrong fingerprint): if the server's certificate changed on purpose, remove the cluster and add it again";
    default:
      break;
  }
  // OpenSSL's alerts: the server refused the dashboard's client certificate during the handshake.
  if (
    /alert (bad certificate|certificate unknown|unknown ca|certificate required)/i.test(
      error.message,
    )
  ) {
    return "it refused the dashboard's client certificate (trust it in AMS: amc config trust add)";
  }
  return error.message;
}
