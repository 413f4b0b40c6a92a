import { normalizeRemote } from "../core/git"
import type { ItemView, Memory, Project } from "../memory"

/**
 * A plaintext copy of memory for moving it by hand (DESIGN principle 5: plaintext only when the
 * person asks). Scopes travel by name: a branch key is a keyed hash only this home can read, so an
 * item of a branch arrives project-wide. Working memory (short-lived) and hidden items never leave.
 */
export const EXPORT_FORMAT = "egc-memory-export"

export interface ExportedItem {
  kind: string
  title: string
  body: string
  scope: "project" | "branch" | "global"
  status: "active" | "pending"
  entities: string[]
  tags: string[]
  confidence: number
  validFrom: number
  recordedAt: number
  source: string
}

export interface ExportedProject {
  display: string
  /** The normalised origin when the project is identified by one: it matches across clones and machines. */
  origin?: string
  items: ExportedItem[]
}

export interface ExportFile {
  format: typeof EXPORT_FORMAT
  version: 1
  exportedAt: string
  projects: ExportedProject[]
}

const scopeName = (s: string): ExportedItem["scope"] =>
  s === "global" ? "global" : s.startsWith("branch:") ? "branch" : "project"

function toExported(v: ItemView): ExportedItem {
  return {
    kind: v.kind,
    title: v.title,
    body: v.body,
    scope: scopeName(v.scope),
    status: v.status === "pending" ? "pending" : "active",
    entities: v.entities,
    tags: v.tags,
    confidence: v.confidence,
    validFrom: v.validFrom,
    recordedAt: v.recordedAt,
    source: v.source,
  }
}

/** An origin a project id is derived from, from its display form (`github.com/Org/Tool`), else undefined. */
export function originOf(display: string): string | undefined {
  if (display.startsWith("/") || /^(path|file):/.test(display) || !/^[^/\s]+\.[^/\s]+\/\S+/.test(display))
    return undefined
  return normalizeRemote(`https://${display}`)
}

export function exportMemory(memory: Memory, project: Project, opts: { all?: boolean } = {}): ExportFile {
  const statuses = ["active", "pending"]
  const items = memory.list({ project, scope: "all", statuses, crossProject: !!opts.all, limit: 1_000_000 })
  const groups = new Map<string, ExportedProject>()
  for (const v of items) {
    if (v.kind === "working") continue
    const display = v.scope === "global" ? "global" : v.project.display
    let g = groups.get(display)
    if (!g) {
      const origin = display === "global" ? undefined : originOf(display)
      g = { display, ...(origin ? { origin } : {}), items: [] }
      groups.set(display, g)
    }
    g.items.push(toExported(v))
  }
  return { format: EXPORT_FORMAT, version: 1, exportedAt: new Date().toISOString(), projects: [...groups.values()] }
}

export function exportMarkdown(file: ExportFile): string {
  const out = [
    `# egc memory export (${file.exportedAt})`,
    "",
    "Plaintext: anyone who can read this file can read these memories.",
    "",
  ]
  for (const p of file.projects) {
    out.push(`## ${p.display}`, "")
    for (const i of p.items) {
      const flags = [i.kind, i.scope, i.status !== "active" ? i.status : undefined].filter(Boolean).join(", ")
      // a body is quoted line by line so a heading inside it cannot forge a section
      out.push(
        `### ${i.title.replace(/\s+/g, " ")}`,
        "",
        `_${flags}; recorded ${new Date(i.recordedAt).toISOString()}_`,
        "",
      )
      out.push(...i.body.split("\n").map((l) => `> ${l}`), "")
    }
  }
  return out.join("\n")
}
