import { LineCounter, parseDocument, type Node } from "yaml";
import { applicationManifestSchema } from "@anbox-dashboard/contract";

/** A problem of a manifest.yaml, where it is: character offsets and the 1-based line. */
export interface ManifestDiagnostic {
  from: number;
  to: number;
  line: number;
  message: string;
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && "range" in value;
}

/**
 * What is wrong with a manifest.yaml: its YAML errors, else what the cluster's manifest schema
 * refuses (the same rules the cluster applies), each at the key or value it is about, with its
 * line number, as an editor marks them and a list reads them.
 */
export function manifestDiagnostics(text: string): ManifestDiagnostic[] {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const at = (from: number, to: number, message: string): ManifestDiagnostic => ({
    from,
    to: Math.max(from, to),
    line: lineCounter.linePos(from).line,
    message,
  });
  if (document.errors.length > 0) {
    return document.errors.map((error) => at(error.pos[0], error.pos[1], error.message));
  }
  const result = applicationManifestSchema.safeParse(document.toJS() ?? {});
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    // An unknown key is an issue of its mapping: point at the key itself.
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
    const path = [...issue.path, ...keys.slice(0, 1)] as (string | number)[];
    const found: unknown = path.length === 0 ? document.contents : document.getIn(path, true);
    const range = isNode(found) ? found.range : document.contents?.range;
    const where = path.map(String).join(".");
    const message = where === "" ? issue.message : `${where}: ${issue.message}`;
    return at(range?.[0] ?? 0, range?.[1] ?? 0, message);
  });
}
