import type { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js"

/**
 * Asking the person (DESIGN principle 9): a form elicitation in the coding tool's own dialog, when
 * the client declared the capability. Only an explicit accept with the confirming box ticked counts;
 * decline, cancel, a timeout, an error or a client that cannot ask all mean "no" (a headless client
 * answers cancel or decline by itself, which proves nothing, so nothing changes).
 */
export type Answer = "accepted" | "unavailable" | "declined" | "cancelled" | "failed"
export interface Question {
  /** What exactly is decided, shown to the person (titles, kinds, project). */
  message: string
  /** The confirming checkbox's label. */
  confirm: string
}
export type Ask = (q: Question, signal?: AbortSignal) => Promise<Answer>

/** A person may take minutes to answer; the call's own cancellation still ends the wait. */
const ASK_TIMEOUT_MS = 10 * 60_000

export function askerFor(server: Server, onError?: (e: unknown) => void): Ask {
  return async (q, signal) => {
    const cap = server.getClientCapabilities()?.elicitation as { form?: object; url?: object } | undefined
    // an empty capability object means form mode (protocol 2025-06-18); url-only cannot show a form
    if (!cap || (!cap.form && cap.url)) return "unavailable"
    const requestedSchema = {
      type: "object" as const,
      properties: {
        approve: {
          type: "boolean" as const,
          title: q.confirm,
          description: "tick to approve; anything else changes nothing",
          default: false,
        },
      },
      required: ["approve"],
    }
    try {
      const r = await server.request(
        {
          method: "elicitation/create",
          params: { ...(cap.form ? { mode: "form" as const } : {}), message: q.message, requestedSchema },
        },
        ElicitResultSchema,
        { timeout: ASK_TIMEOUT_MS, ...(signal ? { signal } : {}) },
      )
      if (r.action === "decline") return "declined"
      if (r.action === "cancel") return "cancelled"
      return r.action === "accept" && r.content?.approve === true ? "accepted" : "declined"
    } catch (e) {
      onError?.(e)
      return "failed"
    }
  }
}
