import { z } from "zod";

// Several viewers of one stream (issue 39): up to four at once, one of them in control. A gateway
// that has them (extension `session_viewers`) answers a join with its viewer's id and role; a real
// one has one client a session, who controls.

/** The most viewers one stream has at once, the one in control among them. */
export const streamViewersMax = 4;

/** What a viewer may do: the controller's input reaches the device; a watcher's does not. */
export const viewerRoles = ["controller", "watcher"] as const;
export type ViewerRole = (typeof viewerRoles)[number];

/**
 * What a join asks for: `control` takes control (the one in control before goes on watching, or
 * is disconnected by a gateway without viewers); `watch` only watches; `auto` takes control when
 * nobody has it. A watch-only share link's join watches whatever it asks.
 */
export const joinRoles = ["control", "watch", "auto"] as const;
export type JoinRole = (typeof joinRoles)[number];

/** One viewer of a stream, as each viewer is told (`stream::viewers`). */
const streamViewerSchema = z.object({
  id: z.string(),
  role: z.enum(viewerRoles),
  /** It came through a watch-only share link: it is never given control. */
  watch_only: z.boolean(),
  /** It came through a share link (rather than as a signed-in user). */
  through_share: z.boolean(),
});
export type StreamViewer = z.infer<typeof streamViewerSchema>;

/** `stream::viewers`: who watches the stream now, and which of them the viewer told is. */
export const streamViewersMessageSchema = z.object({
  you: z.string(),
  viewers: z.array(streamViewerSchema).max(streamViewersMax),
});
export type StreamViewersMessage = z.infer<typeof streamViewersMessageSchema>;
