import type { ItemView, Memory } from "../../memory"
import { versionOf, type Payload } from "./envelope"
import type { links } from "./store"
import type { TeamCtx } from "./team"

/**
 * A teammate's item that replaces a shared item: where it lands here. The local copy unchanged
 * since it was last synced: replaced through the write layer's supersede (pending until reviewed,
 * unless the team is trusted). Changed here (edited, or replaced by another item): a conflict opens
 * with the live local version and nothing is replaced. Forgotten here: refused (tombstones win).
 * Never had, or no live version left: an ordinary new item.
 */
export type Plan =
  | { supersedes?: string; conflict?: { id: string; reason: string } }
  | { refused: string }
  | { same: string }

type Link = ReturnType<typeof links>[number]

const FORGOTTEN = "tombstoned: it replaces a shared item forgotten here (tombstones win)"

export function replacing(memory: Memory, t: TeamCtx, p: Payload, all: Link[]): Plan {
  const ref = p.supersedes
  if (!ref) return {}
  const link = all.find((l) => l.shared === ref.shared)
  if (!link) return {}
  if (link.forgotten || !link.local) return { refused: FORGOTTEN }
  const q = { project: t.project, id: link.local }
  const local = memory.get(q)
  if (!local)
    return memory.hidden({ project: t.project }).some((v) => v.id === link.local) ? { refused: FORGOTTEN } : {}
  if (!("status" in local) || ["forgotten", "hidden", "rejected"].includes(local.status)) return { refused: FORGOTTEN }
  // the same text again (re-sealed after a key rotation): nothing changed
  if (ref.shared === p.shared && local.kind === p.kind && local.title === p.title && local.body === p.body)
    return { same: local.id }
  // the reason is stored unsealed: it names no teammate (author names are sealed in sync_links)
  const what = ref.shared === p.shared ? "a teammate changed a shared item" : "a teammate replaced a shared item"
  if (local.status === "active" || local.status === "pending") {
    if (unchanged(t, local, link, ref.version)) return { supersedes: local.id }
    return { conflict: { id: local.id, reason: `${what} that was edited here` } }
  }
  if (local.status !== "superseded") return {}
  const current = liveSuccessor(memory, t, local.id)
  return current ? { conflict: { id: current, reason: `${what} already replaced here` } } : {}
}

/**
 * The sender replaced the version last synced here, and the local copy still is that version (under
 * any of our team keys, old ones included). A copy the write layer altered on arrival (a newer
 * redaction than the sender's) counts as changed: a needless conflict is safe, a lost edit is not.
 */
function unchanged(t: TeamCtx, v: ItemView, link: Link, version: string): boolean {
  // versions are keyed hashes: the same text re-sealed after a rotation has another one
  const mine = new Set(t.keys.map((k) => versionOf(k, v)))
  return mine.has(link.version) && mine.has(version)
}

/** The live item that replaced `id` here, following the supersede chain (newest branch first). */
function liveSuccessor(memory: Memory, t: TeamCtx, id: string): string | undefined {
  const seen = new Set([id])
  const queue = [id]
  while (queue.length && seen.size < 200) {
    const next = queue.shift() as string
    for (const by of memory.supersession({ project: t.project, id: next }).replacedBy.reverse()) {
      if (seen.has(by)) continue
      seen.add(by)
      const v = memory.get({ project: t.project, id: by })
      if (v && "status" in v && (v.status === "active" || v.status === "pending")) return by
      queue.push(by)
    }
  }
  return undefined
}
