// SDP and candidate strings travel base64-encoded in both directions (the streaming SDK uses
// btoa/atob). They are ASCII in practice; going through UTF-8 keeps a stray non-Latin-1 character
// (a session name, say) from making btoa throw.

/** Base64 of the UTF-8 bytes of `text`: the same as `btoa(text)` for ASCII. */
export function encodeBase64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The text whose UTF-8 bytes `encoded` holds; throws on what is not base64. */
export function decodeBase64(encoded: string): string {
  const binary = atob(encoded);
  return new TextDecoder().decode(Uint8Array.from(binary, (character) => character.charCodeAt(0)));
}
