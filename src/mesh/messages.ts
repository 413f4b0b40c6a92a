import { EgcError } from "../core/errors"
import type { Project } from "../core/project"
import { checkFlood, checkText, emitEvent } from "./events"
import { cleanForStore } from "./scan"
import { isLive } from "./sessions"
import { LIMITS } from "./settings"
import { immediate } from "./store"

/**
 * Sending: to one live session of the same project, or to all of them. Bounded size, valid text,
 * a per-sender flood limit; the sender must itself be a live session of that project (a person at
 * the CLI sends as `cli:<name>`, which is never a session id an agent can hold).
 */
export interface Send {
  to?: string
  text: string
  kind?: "message" | "handoff"
  note?: string
}

const PERSON_PREFIX = "cli:"

export function send(project: Project, from: string, msg: Send): { id: string; to: string | null } {
  checkText(msg.text, LIMITS.messageBytes, "message")
  if (msg.text.trim() === "") throw new EgcError("E_INPUT", "message is empty", { hint: "say something" })
  if (msg.note !== undefined) checkText(msg.note, LIMITS.noteBytes, "handoff note")
  const person = from.startsWith(PERSON_PREFIX)
  return immediate(() => {
    if (!person && !isLive(project.id, from))
      throw new EgcError("E_REFUSED", "this session is not announced in this project", {
        hint: "call session_announce first",
      })
    if (msg.to !== undefined && !isLive(project.id, msg.to)) {
      throw new EgcError("E_NOT_FOUND", `no live session ${JSON.stringify(msg.to.slice(0, 64))} in this project`, {
        hint: "list peers with session_peers; omit `to` to write to every session of the project",
      })
    }
    checkFlood(from)
    const body = { text: cleanForStore(msg.text), ...(msg.note ? { note: cleanForStore(msg.note) } : {}) }
    const id = emitEvent(project.id, from, msg.to ?? null, msg.kind ?? "message", body)
    return { id, to: msg.to ?? null }
  })
}
