import type { Database } from "bun:sqlite"
import { openBoundDb } from "../core/binding"
import { migrate, openDb } from "../core/db"
import { SCHEMA } from "./schema"
import { estimateTokens } from "./text"

/** The savings ledger: one row per crushed run. Owned here; `egc gain`, the MCP tool and the dashboard read it through this module. */

interface RunRecord {
  id: string
  at: number
  /** Project id (a keyed hash, never a path). */
  project: string
  family: string
  /** The program name only (`git`, `npm`), never arguments, which may carry secrets. */
  program: string
  mode: string
  bytesIn: number
  bytesOut: number
  durationMs: number
  exitCode: number | null
}

let ready: Database | undefined

/** The ledger's handle: core/db's connection for the current home, migrated once per connection. */
function db(): Database {
  const handle = openDb()
  if (ready !== handle) {
    migrate(handle, SCHEMA)
    ready = handle
  }
  return handle
}

export function recordRun(r: RunRecord): void {
  // a run recorded next to a database sealed by another key would be counted under the wrong one
  openBoundDb()
  db()
    .query(
      `INSERT INTO crush_runs (id, at, project, family, program, mode, bytes_in, bytes_out, tokens_in, tokens_out, duration_ms, exit_code)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      r.id,
      r.at,
      r.project,
      r.family,
      r.program,
      r.mode,
      r.bytesIn,
      r.bytesOut,
      estimateTokens(r.bytesIn),
      estimateTokens(r.bytesOut),
      r.durationMs,
      r.exitCode,
    )
}

export interface SavingsRow {
  key: string
  runs: number
  bytesIn: number
  bytesOut: number
  tokensIn: number
  tokensOut: number
  tokensSaved: number
  /** Share of bytes removed, 0..1. */
  saving: number
}

export interface Savings {
  since: number | null
  total: SavingsRow
  byFamily: SavingsRow[]
  byProject: SavingsRow[]
  byDay: SavingsRow[]
}

const GROUPS = {
  family: "family",
  project: "project",
  day: "strftime('%Y-%m-%d', at / 1000, 'unixepoch')",
} as const

/** Savings since a time (epoch ms), optionally for one project, grouped by family, project and day. */
export function savings(opts: { since?: number; project?: string } = {}): Savings {
  const where: string[] = []
  const params: Array<string | number> = []
  if (opts.since !== undefined) {
    where.push("at >= ?")
    params.push(opts.since)
  }
  if (opts.project) {
    where.push("project = ?")
    params.push(opts.project)
  }
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : ""
  const select = (key: string) =>
    db()
      .query(
        `SELECT ${key} AS key, COUNT(*) AS runs, COALESCE(SUM(bytes_in),0) AS bytesIn, COALESCE(SUM(bytes_out),0) AS bytesOut,
         COALESCE(SUM(tokens_in),0) AS tokensIn, COALESCE(SUM(tokens_out),0) AS tokensOut FROM crush_runs ${clause} GROUP BY 1 ORDER BY bytesIn - bytesOut DESC, 1`,
      )
      .all(...params) as Array<Omit<SavingsRow, "tokensSaved" | "saving">>
  const finish = (r: Omit<SavingsRow, "tokensSaved" | "saving">): SavingsRow => ({
    ...r,
    key: String(r.key),
    tokensSaved: r.tokensIn - r.tokensOut,
    saving: r.bytesIn ? 1 - r.bytesOut / r.bytesIn : 0,
  })
  const total = select("'all'")[0] ?? { key: "all", runs: 0, bytesIn: 0, bytesOut: 0, tokensIn: 0, tokensOut: 0 }
  return {
    since: opts.since ?? null,
    total: finish(total),
    byFamily: select(GROUPS.family).map(finish),
    byProject: select(GROUPS.project).map(finish),
    byDay: select(GROUPS.day)
      .map(finish)
      .sort((a, b) => (a.key < b.key ? -1 : 1)),
  }
}

/** For doctor: the ledger opens and answers. */
export function ledgerRunCount(): number {
  return (db().query("SELECT COUNT(*) AS n FROM crush_runs").get() as { n: number }).n
}
