// A bug report's file (issue 39), as the stream and instance pages download it.

/** What could not be put in a report, and why (the user may not read it, the cluster failed). */
export interface Unavailable {
  unavailable: string;
}

/** A part of the report, or why it is missing. */
export type Part<T> = T | Unavailable;

/** What happened to a stream, in order: its joins, its connection's states, its end. */
export interface StreamEvent {
  /** ISO 8601. */
  at: string;
  event: string;
}

/**
 * One download that says what a developer needs to look into a problem with an instance (Anbox
 * Cloud's stream and instance pages have one): the versions, the instance, its logs and its
 * device's state, and from a stream page the stream's statistics, its WebRTC figures and events.
 */
export interface BugReport {
  report: "Anbox Cloud Dashboard bug report";
  generated_at: string;
  page: "stream" | "instance";
  dashboard: Part<{ version: string }>;
  cluster: { id: string; version: string | null; reachable: boolean | null };
  instance: Part<unknown>;
  device: Part<unknown>;
  logs: Part<Record<string, string>>;
  stream?: {
    session_id: string;
    statistics: unknown[];
    webrtc_stats: Part<unknown[]>;
    events: StreamEvent[];
  };
}
