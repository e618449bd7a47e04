/**
 * An error the server puts in the page itself, for a problem that stops the whole dashboard (a
 * broken configuration, say): `<script type="application/json" id="global-error">` holding
 * `{"header": "...", "message": "..."}`. The server does not send one yet.
 */
export interface GlobalError {
  header: string;
  message: string;
}

export const globalErrorElementId = "global-error";

export function readGlobalError(doc: Document): GlobalError | undefined {
  const text = doc.getElementById(globalErrorElementId)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return undefined;
    const { header, message } = value as Record<string, unknown>;
    if (typeof header !== "string" || typeof message !== "string") return undefined;
    return { header, message };
  } catch {
    return undefined;
  }
}
