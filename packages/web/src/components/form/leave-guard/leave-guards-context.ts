import { createContext } from "react";
import type { LeaveGuards } from "./leave-guards.ts";

/** The app router's leave guards; none under another router (a test's MemoryRouter). */
export const LeaveGuardsContext = createContext<LeaveGuards | undefined>(undefined);
