/** The instance whose device the panel controls. */
export interface DeviceTarget {
  clusterId: string;
  instanceId: string;
}

/** A number field's text as the schema should read it: empty is left out (its default applies). */
export function numberOrOmitted(text: string): number | undefined {
  return text.trim() === "" ? undefined : Number(text);
}
