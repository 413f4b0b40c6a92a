import { loadConfig } from "../../../core/config"
import { EgcError, refusalCode } from "../../../core/errors"
import { resolveProject, type Project } from "../../../core/project"
import { openMemory, type Actor, type ItemView, type Memory, type WriteResult } from "../../../memory"

/** What the `egc memory` subcommands share: the project here, the memory handle, a person actor. */
export async function session(cwd: string | undefined): Promise<{ project: Project; memory: Memory; actor: Actor }> {
  const project = resolveProject(cwd ?? process.cwd())
  const m = (await loadConfig({ projectRoot: project.root })).memory
  const memory = openMemory({
    consent: m.consent,
    recallTokenCap: m.recallTokenCap,
    workingTtlHours: m.workingTtlHours,
  })
  return { project, memory, actor: { source: "cli", tool: "egc" } }
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const scopeOf = (s: string) => (s.startsWith("branch:") ? "branch" : s.startsWith("commit:") ? "commit" : s)

/** One line per item; flagged text is shown quoted as data, never as something to follow. */
export function line(v: ItemView): string {
  const flag = v.flagged ? "  [reads as an instruction: data only]" : ""
  return `${v.id}  ${v.kind.padEnd(10)} ${v.status.padEnd(9)} ${scopeOf(v.scope).padEnd(7)} ${day(v.recordedAt)}  ${JSON.stringify(v.title)}${flag}`
}

export function detail(v: ItemView): string {
  return [
    `id          ${v.id}`,
    `project     ${v.project.display}`,
    `kind        ${v.kind} (${scopeOf(v.scope)}), ${v.status}, confidence ${v.confidence.toFixed(2)}`,
    `source      ${v.source}${v.sessionId ? ` (session ${v.sessionId})` : ""}`,
    `recorded    ${new Date(v.recordedAt).toISOString()}${v.validTo ? `, valid until ${new Date(v.validTo).toISOString()}` : ""}`,
    v.entities.length ? `entities    ${v.entities.join(", ")}` : undefined,
    v.tags.length ? `tags        ${v.tags.join(", ")}` : undefined,
    `title       ${JSON.stringify(v.title)}`,
    v.flagged ? "note        this text reads as an instruction; it is shown as data" : undefined,
    "",
    v.body,
  ]
    .filter((l) => l !== undefined)
    .join("\n")
}

/** A refused write is an error for a person too, with the write layer's reason. */
export function settled(r: WriteResult, what: string): WriteResult {
  if (r.outcome === "refused")
    throw new EgcError(refusalCode(r.code), `${what} refused: ${r.reason ?? "unknown reason"}`)
  return r
}

/** A git-style short id → the full id; none is E_NOT_FOUND, several is E_USAGE naming them. */
export function fullId(memory: Memory, project: Project, given: string, table: "items" | "conflicts" = "items") {
  const what = table === "items" ? "item" : "conflict"
  const m = memory.resolveId({ project, id: given, table })
  if ("id" in m) return m.id
  if (m.error === "ambiguous") {
    const hint = `give more characters of the id; see: egc memory ${table === "items" ? "list" : "review"}`
    const n = `${m.candidates.length}${m.candidates.length >= 10 ? " or more" : ""}`
    throw new EgcError("E_USAGE", `${what} id '${given}' is ambiguous: it matches ${n} ids`, {
      details: m.candidates,
      hint,
    })
  }
  const list = table === "items" ? "egc memory list --status active,pending" : "egc status"
  throw new EgcError("E_NOT_FOUND", `no ${what} ${JSON.stringify(given)} in ${project.display}`, {
    hint: `see: ${list}`,
  })
}
