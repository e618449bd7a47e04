import type { Noun } from "../../../components/list/count-noun.ts";

/** How the list counts instances: "1 instance", "3 instances". */
export const instanceNoun: Noun = { one: "instance", other: "instances" };
