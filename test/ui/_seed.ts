import { DAY, now, setClock } from "../../src/core/clock"
import { newId } from "../../src/core/ids"
import { resolveProject, type Project } from "../../src/core/project"
import { recordRun } from "../../src/crush/ledger"
import { recordVerdict } from "../../src/guard"
import { recordTold } from "../../src/hooks/told"
import { openMemory, type Actor, type Memory } from "../../src/memory"
import { startUi, type UiServer } from "../../src/ui/server"
import { tmpdir, type TmpDir } from "../fixture"

export const agent: Actor = { source: "agent", sessionId: "s-ui", tool: "claude-code" }
export const miner: Actor = { source: "hook:miner", sessionId: "s-ui" }

export interface World {
  dir: TmpDir
  project: Project
  memory: Memory
  server: UiServer
  base: string
  ids: {
    active: string
    other: string
    pending: string
    pending2: string
    pending3: string
    conflict: string
    conflictNew: string
    conflictOld: string
  }
  /** Sessions told something: the older one holds an injection whose text looks like markup. */
  told: { older: string; newer: string; markup: string }
  [Symbol.asyncDispose](): Promise<void>
}

/** A populated store (the production writer only) and a page served over it on a random port. */
let worlds = 0

export async function world(): Promise<World> {
  const dir = tmpdir({ git: { origin: `https://example.com/acme/shop-${++worlds}.git`, branch: "main" } })
  const project = resolveProject(dir.path)
  const memory = openMemory()
  const ctx = { project, actor: agent }
  const active = memory.write(
    { kind: "decision", title: "Use PostgreSQL", body: "We use PostgreSQL 16 for the orders service" },
    ctx,
  ).id as string
  // known for ten days: the as-of slider can show a time when only this was known
  const past = Date.now() - 10 * DAY
  setClock(() => past)
  const other = memory.write({ kind: "preference", title: "Tabs", body: "Indent Go code with tabs, never spaces" }, ctx)
    .id as string
  setClock(undefined)
  const pending3 = memory.write(
    { kind: "note", title: "Lint before push", body: "Run the linter before every push" },
    { project, actor: miner },
  ).id as string
  const pending = memory.write(
    { kind: "note", title: "Deploy on Fridays is frozen", body: "No deploys on Fridays after noon" },
    { project, actor: miner },
  ).id as string
  const pending2 = memory.write(
    { kind: "note", title: "Staging URL", body: "Staging lives at staging.acme.test" },
    { project, actor: miner },
  ).id as string
  const old = memory.write({ kind: "decision", body: "Cache TTL is 60 seconds", entities: ["cache"] }, ctx).id as string
  const proposal = memory.propose(
    { project, items: [{ kind: "decision", body: "Cache TTL is 300 seconds", entities: ["cache"], confidence: 0.6 }] },
    ctx,
  )
  const committed = memory.commit({ proposalId: proposal.proposalId as string }, ctx)
  const conflictNew = committed.results[0]?.id as string
  const conflict = memory.conflicts({ project })[0]?.id as string
  if (!active || !pending || !pending2 || !conflict) throw new Error("seeding failed")
  recordVerdict(
    { decision: "deny", rule: "git.reset-hard", reason: "discards uncommitted changes", alternative: "git stash" },
    { command: "git reset --hard", projectId: project.id, sessionId: "s-ui", tool: "claude" },
  )
  recordVerdict(
    { decision: "ask", rule: "db.update-all", reason: "UPDATE without WHERE" },
    { command: "psql -c 'update t set x=1'", projectId: project.id },
  )
  for (const [i, family] of ["git", "test", "build"].entries()) {
    recordRun({
      id: newId("r_"),
      at: now() - i * DAY,
      project: project.id,
      family,
      program: family,
      mode: "filter",
      bytesIn: 40_000 * (i + 1),
      bytesOut: 4_000,
      durationMs: 5,
      exitCode: 0,
    })
  }
  const told = seedTold(project)
  const server = await startUi({ memory, project })
  return {
    dir,
    project,
    memory,
    server,
    base: `http://127.0.0.1:${server.port}`,
    ids: { active, other, pending, pending2, pending3, conflict, conflictNew, conflictOld: old },
    told,
    async [Symbol.asyncDispose]() {
      server.stop()
      dir[Symbol.dispose]()
    },
  }
}

/** Injections through the hooks' own recorder, at fixed times: an older claude-code session, a newer codex one. */
function seedTold(project: Project): World["told"] {
  const older = "sess-claude-old"
  const newer = "sess-codex-new"
  const markup = 'Keep <b>this</b> as text: <img src="x" onerror="document.title=1"> & go on'
  const base = Date.now()
  const at = (ms: number, q: Omit<Parameters<typeof recordTold>[0], "project">) => {
    setClock(() => ms)
    recordTold({ project: project.id, ...q })
  }
  const state = "## Project state\nUse PostgreSQL"
  at(base - 2 * DAY, { session: older, event: "session-start", tool: "claude-code", text: state })
  at(base - 2 * DAY + 60_000, { session: older, event: "prompt-submit", tool: "claude-code", text: markup })
  at(base - 3_600_000, { session: newer, event: "session-start", tool: "codex", text: "## Project state\nfresh start" })
  // another project's injection into the same session id, newest of all: never shown on this project's page
  setClock(() => base - 60_000)
  const elsewhere = { session: newer, event: "prompt-submit", tool: "codex", text: "told elsewhere" }
  recordTold({ project: "p_elsewhere", ...elsewhere })
  setClock(undefined)
  return { older, newer, markup }
}
