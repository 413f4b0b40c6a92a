import { EgcError } from "../core/errors"
import type { Memory, Project, RefusalCode, ScopeName } from "../memory"
import { EXPORT_FORMAT, originOf, type ExportedItem, type ExportFile, type ExportedProject } from "./export"

/**
 * Import an export file through the write layer: every item is validated, scanned, redacted,
 * checked against this home's tombstones and de-duplicated there. Items land pending (source
 * `import`) unless the person passes `trust`, which approves them as the person, one by one.
 */
export interface ImportReport {
  created: number
  pending: number
  unchanged: number
  refused: Array<{ title: string; code: RefusalCode | undefined; reason: string }>
  /** Projects of the file that are not this one (imported only from a one-project file). */
  skipped: Array<{ display: string; items: number }>
}

export function parseExport(text: string, source: string): ExportFile {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (cause) {
    throw new EgcError("E_INPUT", `${source} is not JSON (only the json export format can be imported)`, { cause })
  }
  const f = data as Partial<ExportFile>
  if (f?.format !== EXPORT_FORMAT || f.version !== 1 || !Array.isArray(f.projects)) {
    throw new EgcError("E_INPUT", `${source} is not an egc memory export (format ${EXPORT_FORMAT}, version 1)`)
  }
  for (const p of f.projects) {
    if (typeof p?.display !== "string" || !Array.isArray(p.items))
      throw new EgcError("E_INPUT", `${source}: a project entry is malformed`)
    for (const i of p.items) {
      const ok =
        typeof i?.kind === "string" &&
        typeof i.body === "string" &&
        (i.title === undefined || typeof i.title === "string")
      if (!ok) throw new EgcError("E_INPUT", `${source}: an item of ${p.display} is malformed`)
    }
  }
  return f as ExportFile
}

/** Which projects of the file belong to `project`: a one-project file always does; else the same origin. */
function matches(file: ExportFile, project: Project): (p: ExportedProject) => boolean {
  const local = file.projects.filter((p) => p.display !== "global")
  if (local.length <= 1) return () => true
  const mine = project.basis === "origin" ? originOf(project.display) : undefined
  return (p) =>
    p.display === "global" || (!!mine && (p.origin ?? originOf(p.display)) === mine) || p.display === project.display
}

export function importMemory(
  memory: Memory,
  project: Project,
  file: ExportFile,
  opts: { trust?: boolean } = {},
): ImportReport {
  const report: ImportReport = { created: 0, pending: 0, unchanged: 0, refused: [], skipped: [] }
  const mine = matches(file, project)
  for (const p of file.projects) {
    if (!mine(p)) {
      report.skipped.push({ display: p.display, items: p.items.length })
      continue
    }
    for (const item of p.items) importOne(memory, project, p.display === "global", item, !!opts.trust, report)
  }
  return report
}

function importOne(
  memory: Memory,
  project: Project,
  global: boolean,
  i: ExportedItem,
  trust: boolean,
  report: ImportReport,
): void {
  const scope: ScopeName = global || i.scope === "global" ? "global" : "project"
  const input = {
    kind: i.kind,
    title: i.title,
    body: i.body,
    scope,
    ...(Array.isArray(i.entities) ? { entities: i.entities } : {}),
    ...(Array.isArray(i.tags) ? { tags: i.tags } : {}),
    ...(typeof i.confidence === "number" ? { confidence: i.confidence } : {}),
    ...(typeof i.validFrom === "number" ? { validFrom: i.validFrom } : {}),
  }
  const r = memory.write(input, { project, actor: { source: "import", tool: "egc" } })
  if (r.outcome === "refused") {
    report.refused.push({ title: i.title ?? "", code: r.code, reason: r.reason ?? "refused" })
    return
  }
  if (r.outcome === "unchanged" || r.outcome === "reinforced") {
    report.unchanged++
    return
  }
  if (r.status === "pending" && trust && i.status !== "pending" && r.id) {
    const a = memory.approve(r.id, { project, actor: { source: "cli", tool: "egc import --trust" } })
    if (a.outcome !== "refused") {
      report.created++
      return
    }
  }
  if (r.status === "pending") report.pending++
  else report.created++
}
