// The user events the dashboard itself records, without schemas: the shell posts them without
// loading zod (api/user-event.ts holds the schema, for the server, whose tests post this one).

/** Closing the "Important update" modal: the dashboard stops showing it to this user. */
export const versionUpdateModalClosedEvent = {
  event: "streamable-instance-modal-closed",
  eventType: "version-1.23-update",
} as const;
