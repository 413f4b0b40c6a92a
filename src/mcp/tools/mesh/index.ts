import type { ToolDef } from "../../tool"
import { claimPath } from "./claim-path"
import { releasePath } from "./release-path"
import { sessionAnnounce } from "./session-announce"
import { sessionEvents } from "./session-events"
import { sessionPeers } from "./session-peers"
import { sessionSend } from "./session-send"
import { sessionWait } from "./session-wait"

/** The session mesh's tools (issue 7), with the analysed tool's names. */
export const meshTools: readonly ToolDef[] = [
  sessionAnnounce,
  sessionPeers,
  claimPath,
  releasePath,
  sessionSend,
  sessionEvents,
  sessionWait,
].map((t) => t as unknown as ToolDef)
