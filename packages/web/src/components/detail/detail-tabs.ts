/** A tab of a resource's page: its id (the URL's last part) and its label. */
export interface DetailTab<Tab extends string> {
  id: Tab;
  label: string;
}

/** The tab a URL asks for: the first when it names none or one that does not exist. */
export function tabOf<Tab extends string>(
  tabs: readonly DetailTab<Tab>[],
  param: string | undefined,
): Tab {
  const [first] = tabs;
  if (first === undefined) throw new Error("a resource's page has at least one tab");
  return tabs.find((tab) => tab.id === param)?.id ?? first.id;
}

/** "image" → "Image". */
export function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
