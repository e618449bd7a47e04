// Instance name rules (SPEC section 5), shared by the cluster's API and the web form, so that both
// refuse the same names with the same words.

export const instanceNameMaxLength = 63;

export const instanceNameMessages = {
  length: `Instance name must be between 1 and ${instanceNameMaxLength} characters`,
  characters: "Only alphanumeric and hyphen characters are allowed",
  start: "Instance name must start with a letter",
  taken: "An instance with this name already exists",
} as const;

/**
 * The first rule a name breaks, or undefined when it is acceptable. An empty name passes: the name
 * is optional and the cluster then names the instance `ams-<id>`.
 */
export function validateInstanceName(name: string): string | undefined {
  if (name === "") return undefined;
  if (name.length > instanceNameMaxLength) return instanceNameMessages.length;
  if (!/^[A-Za-z0-9-]+$/.test(name)) return instanceNameMessages.characters;
  if (!/^[A-Za-z]/.test(name)) return instanceNameMessages.start;
  return undefined;
}
