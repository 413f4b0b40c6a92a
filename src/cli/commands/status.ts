import { defineCommand } from "citty"
import { sep } from "node:path"
import { DAY, now } from "../../core/clock"
import { errorMessage } from "../../core/errors"
import { resolveProject, type Project } from "../../core/project"
import { cwdArgs, jsonArgs } from "../_args"
import { printData } from "../ui"

type Section<T> = T | { error: string }

/** One section failing (no key, a locked database) must not cost the person the others. */
async function section<T>(fn: () => T | Promise<T>): Promise<Section<T>> {
  try {
    return await fn()
  } catch (e) {
    return { error: errorMessage(e) }
  }
}

const under = (file: string, dir: string) => file.startsWith(dir.endsWith(sep) ? dir : `${dir}${sep}`)

/** Your user-level entries and this project's; another project's files are that project's business. */
async function install(project: Project) {
  const { entryChecks, loadRecord } = await import("../../install")
  const record = loadRecord()
  if (!record) return []
  const mine = (real: string, scope: string) => scope === "user" || under(real, project.root)
  const files = Object.fromEntries(
    Object.entries(record.files)
      .map(([real, f]) => [real, { ...f, ops: f.ops.filter((o) => mine(real, o.scope)) }] as const)
      .filter(([, f]) => f.ops.length),
  )
  if (!Object.keys(files).length) return []
  return entryChecks({ ...record, files }).map((c) => ({
    tool: c.name.replace(/^install /, ""),
    ok: c.status === "ok",
    detail: c.detail,
  }))
}

async function memory(project: Project) {
  const [{ loadConfig }, { openMemory }] = await Promise.all([import("../../core/config"), import("../../memory")])
  const c = (await loadConfig({ projectRoot: project.root })).memory
  const m = openMemory({ consent: c.consent, recallTokenCap: c.recallTokenCap, workingTtlHours: c.workingTtlHours })
  const items = m.list({ project, scope: "all", statuses: ["active", "pending"], limit: 100_000 })
  const byKind: Record<string, number> = {}
  for (const v of items) if (v.status === "active") byKind[v.kind] = (byKind[v.kind] ?? 0) + 1
  return {
    byKind,
    pending: m.pendingCount({ project }),
    hidden: m.hidden({ project }).length,
    conflicts: m.conflicts({ project }).length,
    unreadable: items.unreadable.length,
  }
}

/** Read only: the last branch-follow report, and whether the next session start will follow (refs changed since). */
async function branches(project: Project) {
  if (!project.repo) return null
  const [{ loadConfig }, { follow }, { openMemory }] = await Promise.all([
    import("../../core/config"),
    import("../../sync"),
    import("../../memory"),
  ])
  const { consent } = (await loadConfig({ projectRoot: project.root })).memory
  const r = (await follow()).followView(openMemory({ consent }), project)
  return {
    last: r.last ? { line: r.last.line, at: new Date(r.last.at).toISOString() } : null,
    pending: r.pending,
    waiting: r.waiting,
  }
}

async function sessions(project: Project) {
  const { livePeers } = await import("../../mesh")
  return livePeers(project).map((p) => ({ id: p.id, tool: p.tool, branch: p.branch ?? null, task: p.task ?? null }))
}

async function hooks(project: Project) {
  const { lastTold } = await import("../../hooks")
  const last = lastTold(project.id)
  return last ? { at: new Date(last.at).toISOString(), event: last.event, tool: last.tool } : null
}

async function guard(project: Project) {
  const { listEvents } = await import("../../guard")
  const since = now() - DAY
  const events = listEvents({ projectId: project.id, limit: 10_000 }).filter((e) => e.at >= since)
  return {
    deny: events.filter((e) => e.decision === "deny").length,
    ask: events.filter((e) => e.decision === "ask").length,
  }
}

async function crush(project: Project) {
  const { savings } = await import("../../crush")
  const t = savings({ since: now() - DAY, project: project.id }).total
  return { runs: t.runs, bytesIn: t.bytesIn, bytesOut: t.bytesOut, tokensSaved: t.tokensSaved }
}

async function gatherStatus(cwd: string) {
  const project = resolveProject(cwd)
  return {
    project: {
      id: project.id,
      name: project.display,
      root: project.root,
      branch: project.branch ?? null,
      commit: project.commit ?? null,
    },
    install: await section(() => install(project)),
    branches: await section(() => branches(project)),
    memory: await section(() => memory(project)),
    sessions: await section(() => sessions(project)),
    lastHook: await section(() => hooks(project)),
    guard: await section(() => guard(project)),
    crush: await section(() => crush(project)),
  }
}

export type Status = Awaited<ReturnType<typeof gatherStatus>>

const failed = (s: unknown): s is { error: string } =>
  typeof s === "object" && s !== null && "error" in s && !Array.isArray(s)

function renderStatus(s: Status): string {
  const out: string[] = []
  const row = (label: string, text: string) => out.push(`${label.padEnd(10)} ${text}`)
  const p = s.project
  row("project", `${p.name}  (${p.id.slice(0, 12)})`)
  row("branch", p.branch ?? (p.commit ? `${p.commit.slice(0, 12)} (detached)` : "(not a git repository)"))
  if (failed(s.install)) row("install", `unknown: ${s.install.error}`)
  else if (!s.install.length) row("install", "not registered in any coding tool → egc install")
  else
    for (const t of s.install)
      row("install", `${t.ok ? "ok  " : "FAIL"} ${t.tool}${t.ok ? "" : `: ${t.detail} → egc doctor`}`)
  if (failed(s.branches)) row("branches", `unknown: ${s.branches.error}`)
  else if (s.branches) {
    if (s.branches.last) row("branches", `(${s.branches.last.at.slice(0, 10)}) ${s.branches.last.line}`)
    if (s.branches.pending) row("branches", "git's branches changed since: the next session start follows them")
    for (const title of s.branches.waiting) row("branches", `waiting for your answer: ${title} (egc memory review)`)
  }
  if (failed(s.memory)) row("memory", `unknown: ${s.memory.error}`)
  else {
    const m = s.memory
    const kinds = Object.entries(m.byKind)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${n} ${k}`)
    row("memory", kinds.length ? kinds.join(", ") : "no active items")
    row(
      "review",
      m.pending + m.hidden ? `${m.pending} pending, ${m.hidden} hidden → egc memory review` : "nothing waits",
    )
    row("conflicts", m.conflicts ? `${m.conflicts} open → egc memory resolve <id> --keep new|old|both` : "none")
    if (m.unreadable) row("unreadable", `${m.unreadable} records failed to open → egc doctor`)
  }
  if (failed(s.sessions)) row("sessions", `unknown: ${s.sessions.error}`)
  else
    row(
      "sessions",
      s.sessions.length
        ? s.sessions.map((x) => `${x.id} (${x.tool}${x.branch ? `, ${x.branch}` : ""})`).join(", ")
        : "none live",
    )
  if (failed(s.lastHook)) row("last hook", `unknown: ${s.lastHook.error}`)
  else
    row(
      "last hook",
      s.lastHook
        ? `${s.lastHook.at.replace("T", " ").slice(0, 19)} ${s.lastHook.event} (${s.lastHook.tool})`
        : "none recorded",
    )
  if (failed(s.guard)) row("guard 24h", `unknown: ${s.guard.error}`)
  else row("guard 24h", `${s.guard.deny} denied, ${s.guard.ask} asked → egc guard log`)
  if (failed(s.crush)) row("crush 24h", `unknown: ${s.crush.error}`)
  else
    row("crush 24h", s.crush.runs ? `${s.crush.runs} runs, ~${s.crush.tokensSaved} tokens saved → egc gain` : "no runs")
  return out.join("\n")
}

/** `egc status`: one screen of everything egc knows about this project and this machine. */
export default defineCommand({
  meta: {
    name: "status",
    description: "one screen: install health, project, memory, review, conflicts, sessions, hooks, guard, crusher",
  },
  args: { ...cwdArgs, ...jsonArgs },
  async run({ args }) {
    const s = await gatherStatus(args.cwd ?? process.cwd())
    printData(args.json ? s : renderStatus(s))
  },
})
