import { existsSync, readdirSync, unlinkSync, writeFileSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import type { ItemView, Memory } from "../../memory"
import { fileName, projectDir, sealEnvelope, versionOf, type Payload } from "./envelope"
import { links, markForgotten, markSynced, putLink } from "./store"
import { authorTag, commitAndPush, ensureClone, update, type TeamCtx } from "./team"

/** Kinds that travel by default: what a team agrees on, not one person's working state. */
const SHAREABLE_KINDS: ReadonlySet<string> = new Set(["decision", "lesson", "avoid", "constraint", "failure"])

export interface PushReport {
  pushed: number
  forgotten: number
  committed: boolean
}

/** Seal every live shareable item not yet on the remote, and a tombstone for every shared item forgotten here. */
export function push(memory: Memory, t: TeamCtx): PushReport {
  const dir = ensureClone(t.project.id, t.cfg.remote)
  update(dir)
  const key = t.keys[0]
  if (!key) return { pushed: 0, forgotten: 0, committed: false }
  const sub = join(dir, projectDir(key, t.origin))
  mkdirSync(sub, { recursive: true })
  const known = new Map(links(t.s, t.project.id).map((l) => [l.shared, l]))
  const byLocal = new Map([...known.values()].map((l) => [l.local, l]))
  const report: PushReport = { pushed: 0, forgotten: 0, committed: false }
  const live = memory.list({ project: t.project, scope: "all", statuses: ["active"], limit: 100_000 })
  for (const v of live) {
    if (!shareable(v)) continue
    const link = byLocal.get(v.id)
    if (link?.direction === "in") continue
    const shared = link?.shared ?? v.id
    const payload = toPayload(v, shared, t.cfg.member)
    payload.version = versionOf(key, payload)
    if (link?.version === payload.version) continue
    // a first share that replaced a shared item names it, so teammates' copies are replaced too
    const replaced = link ? undefined : replacedShared(memory, t, v.id, byLocal)
    if (replaced) payload.supersedes = replaced
    const name = fileName(key, payload, "")
    writeFileSync(join(sub, name), sealEnvelope(key, t.origin, name, payload), { mode: 0o600 })
    putLink(t.s, t.project.id, {
      shared,
      local: v.id,
      version: payload.version,
      direction: "out",
      author: t.cfg.member,
    })
    report.pushed++
  }
  const forgotten = new Set(
    memory
      .list({ project: t.project, scope: "all", statuses: ["forgotten"], limit: 100_000 })
      .unreadable.map((u) => u.id),
  )
  for (const l of known.values()) {
    if (l.forgotten || !forgotten.has(l.local)) continue
    const payload: Payload = {
      op: "forget",
      shared: l.shared,
      version: "",
      kind: "",
      title: "",
      body: "",
      entities: [],
      tags: [],
      author: t.cfg.member,
      at: Date.now(),
    }
    const name = fileName(key, payload, authorTag(key, t.cfg.member))
    writeFileSync(join(sub, name), sealEnvelope(key, t.origin, name, payload), { mode: 0o600 })
    // the content envelopes leave the remote's head (receivers never delete on a remote deletion)
    const prefix = name.slice(0, name.indexOf("-forget-") + 1)
    for (const f of readdirSync(sub))
      if (f.startsWith(prefix) && !f.includes("-forget-") && existsSync(join(sub, f))) unlinkSync(join(sub, f))
    markForgotten(t.s, t.project.id, l.shared)
    report.forgotten++
  }
  report.committed = commitAndPush(dir, `egc sync: ${report.pushed} envelopes, ${report.forgotten} tombstones`)
  markSynced(t.s, t.project.id, "pushed")
  return report
}

type LinkOf = Map<string, { shared: string; version: string; forgotten: boolean }>

function replacedShared(memory: Memory, t: TeamCtx, id: string, byLocal: LinkOf): Payload["supersedes"] {
  for (const old of memory.supersession({ project: t.project, id }).replaces) {
    const l = byLocal.get(old)
    if (l && !l.forgotten) return { shared: l.shared, version: l.version }
  }
  return undefined
}

function shareable(v: ItemView): boolean {
  return SHAREABLE_KINDS.has(v.kind) && v.scope !== "global" && v.status === "active"
}

function toPayload(v: ItemView, shared: string, author: string): Payload {
  return {
    op: "put",
    shared,
    version: "",
    kind: v.kind,
    title: v.title,
    body: v.body,
    entities: v.entities,
    tags: v.tags,
    author,
    at: Date.now(),
  }
}
