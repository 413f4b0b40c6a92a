import { DAY, now } from "../../core/clock"
import { savings } from "../../crush"
import { listEvents } from "../../guard"
import { STATUSES } from "../../memory"
import { livePeers } from "../../mesh"
import type { UiContext } from "../context"
import { lastInjection } from "./told"

const count = <T>(list: T[], key: (x: T) => string): Record<string, number> => {
  const out: Record<string, number> = {}
  for (const x of list) out[key(x)] = (out[key(x)] ?? 0) + 1
  return out
}

/** One screen: projects, this project's items by kind and status, what waits for the person, the last 7 days. */
export function overview(ctx: UiContext) {
  const { memory, project } = ctx
  const since = now() - 7 * DAY
  const everywhere = memory.list({ project, crossProject: true, statuses: ["active", "pending"] })
  const here = memory.list({ project, scope: "all", statuses: STATUSES.filter((s) => s !== "forgotten") })
  const byKind: Record<string, Record<string, number>> = {}
  for (const v of here) {
    const k = byKind[v.kind] ?? {}
    byKind[v.kind] = k
    k[v.status] = (k[v.status] ?? 0) + 1
  }
  const guard = listEvents({ limit: 10_000, projectId: project.id }).filter((e) => e.at >= since)
  const saved = savings({ since, project: project.id })
  return {
    project: { id: project.id, display: project.display, branch: project.branch ?? null },
    projects: Object.entries(count(everywhere, (v) => v.project.display)).map(([display, items]) => ({
      display,
      items,
    })),
    byKind,
    statuses: count(here, (v) => v.status),
    pending: memory.pendingCount({ project }),
    hidden: memory.hidden({ project }).length,
    conflicts: memory.conflicts({ project }).length,
    sessions: livePeers(project).length,
    guard: {
      deny: guard.filter((e) => e.decision === "deny").length,
      ask: guard.filter((e) => e.decision === "ask").length,
    },
    savings: {
      runs: saved.total.runs,
      bytes: saved.total.bytesIn - saved.total.bytesOut,
      tokens: saved.total.tokensSaved,
    },
    told: lastInjection(ctx),
    unreadable: here.unreadable.length,
  }
}
