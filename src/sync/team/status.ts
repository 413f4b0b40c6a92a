import type { Memory } from "../../memory"
import { links, seen } from "./store"
import type { TeamCtx } from "./team"

/** What came from whom and when, what went out, and what was refused (with the reason). */
export interface SyncStatus {
  remote: string
  member: string
  trusted: boolean
  keys: number
  pushedAt?: number
  pulledAt?: number
  sent: number
  received: Array<{ id: string; title?: string; status?: string; from?: string; at: number; forgotten: boolean }>
  refused: Array<{ file: string; reason: string; at: number }>
}

export function status(memory: Memory, t: TeamCtx): SyncStatus {
  const all = links(t.s, t.project.id)
  const received = all
    .filter((l) => l.direction === "in" && l.local)
    .map((l) => {
      const v = memory.get({ project: t.project, id: l.local })
      const view = v && "title" in v ? { title: v.title, status: v.status } : {}
      return { id: l.local, ...view, ...(l.author ? { from: l.author } : {}), at: l.at, forgotten: l.forgotten }
    })
  const refused = [...seen(t.s, t.project.id)]
    .filter(([, v]) => v.outcome === "refused")
    .map(([file, v]) => ({ file, reason: v.reason ?? "refused", at: v.at }))
  return {
    remote: t.cfg.remote,
    member: t.cfg.member,
    trusted: t.cfg.trusted,
    keys: t.keys.length,
    ...(t.cfg.pushedAt ? { pushedAt: t.cfg.pushedAt } : {}),
    ...(t.cfg.pulledAt ? { pulledAt: t.cfg.pulledAt } : {}),
    sent: all.filter((l) => l.direction === "out").length,
    received,
    refused,
  }
}
