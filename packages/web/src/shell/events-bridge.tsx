// The shell's view of the live events: the provider and the running-operations count come from
// context/events/ (one events socket per cluster).
export { EventsProvider } from "../context/events/EventsProvider.tsx";
export { useRunningOperationsCount } from "../context/events/use-running-operations.ts";
