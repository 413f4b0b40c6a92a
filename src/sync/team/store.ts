import type { Database } from "bun:sqlite"
import { assertBound, openBoundDb } from "../../core/binding"
import { aad, openText, sealText } from "../../core/crypto"
import { migrate } from "../../core/db"
import type { Keys } from "../../core/keys"
import { type ResealRun, resealColumn } from "../../core/reseal"
import { SCHEMA } from "./schema"

/** The only code that touches sync_* tables. Remote urls, team keys and author names are sealed. */
export interface TeamConfig {
  remote: string
  origin: string
  /** Current team key first; older ones are kept to read envelopes sealed before a rotation. */
  keys: string[]
  member: string
}

export interface SyncDb {
  db: Database
  keys: Keys
}

export function openSyncDb(keys: Keys): SyncDb {
  const db = openBoundDb()
  migrate(db, SCHEMA)
  return { db, keys }
}

const cfgAad = (project: string) => aad("sync_teams", project, project)

export function getTeam(
  s: SyncDb,
  project: string,
): (TeamConfig & { trusted: boolean; pushedAt?: number; pulledAt?: number }) | undefined {
  type Row = { config_enc: Uint8Array; trusted: number; pushed_at: number | null; pulled_at: number | null }
  const row = s.db
    .query("SELECT config_enc, trusted, pushed_at, pulled_at FROM sync_teams WHERE project = ?")
    .get(project) as Row | null
  if (!row) return undefined
  const cfg = JSON.parse(openText(s.keys.content, row.config_enc, cfgAad(project))) as TeamConfig
  return {
    ...cfg,
    trusted: row.trusted === 1,
    pushedAt: row.pushed_at ?? undefined,
    pulledAt: row.pulled_at ?? undefined,
  }
}

export function setTeam(s: SyncDb, project: string, cfg: TeamConfig, trusted: boolean): void {
  const sealed = sealText(s.keys.content, JSON.stringify(cfg), cfgAad(project))
  s.db
    .transaction(() => {
      assertBound(s.db, s.keys)
      s.db
        .query(
          `INSERT INTO sync_teams (project, config_enc, trusted, created_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (project) DO UPDATE SET config_enc = excluded.config_enc, trusted = excluded.trusted`,
        )
        .run(project, sealed, trusted ? 1 : 0, Date.now())
    })
    .immediate()
}

export function markSynced(s: SyncDb, project: string, what: "pushed" | "pulled"): void {
  s.db.query(`UPDATE sync_teams SET ${what}_at = ? WHERE project = ?`).run(Date.now(), project)
}

interface Link {
  shared: string
  local: string
  version: string
  direction: "in" | "out"
  author?: string
  at: number
  forgotten: boolean
}

const authorAad = (project: string, shared: string) => aad("sync_links", shared, project)

export function links(s: SyncDb, project: string): Link[] {
  type Row = {
    shared: string
    local: string
    version: string
    direction: "in" | "out"
    author_enc: Uint8Array | null
    at: number
    forgotten: number
  }
  const rows = s.db.query("SELECT * FROM sync_links WHERE project = ? ORDER BY at").all(project) as Row[]
  return rows.map((r) => ({
    shared: r.shared,
    local: r.local,
    version: r.version,
    direction: r.direction,
    at: r.at,
    forgotten: r.forgotten === 1,
    ...(r.author_enc ? { author: openText(s.keys.content, r.author_enc, authorAad(project, r.shared)) } : {}),
  }))
}

export function putLink(s: SyncDb, project: string, l: Omit<Link, "forgotten" | "at">): void {
  const author = l.author ? sealText(s.keys.content, l.author, authorAad(project, l.shared)) : null
  s.db
    .transaction(() => {
      if (author) assertBound(s.db, s.keys)
      s.db
        .query(
          `INSERT INTO sync_links (project, shared, local, version, direction, author_enc, at) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (project, shared) DO UPDATE SET local = excluded.local, version = excluded.version, at = excluded.at`,
        )
        .run(project, l.shared, l.local, l.version, l.direction, author, Date.now())
    })
    .immediate()
}

export function markForgotten(s: SyncDb, project: string, shared: string): void {
  s.db.query("UPDATE sync_links SET forgotten = 1 WHERE project = ? AND shared = ?").run(project, shared)
}

export function seen(s: SyncDb, project: string): Map<string, { outcome: string; reason?: string; at: number }> {
  type Row = { file: string; outcome: string; reason: string | null; at: number }
  const rows = s.db.query("SELECT file, outcome, reason, at FROM sync_seen WHERE project = ?").all(project) as Row[]
  return new Map(rows.map((r) => [r.file, { outcome: r.outcome, at: r.at, ...(r.reason ? { reason: r.reason } : {}) }]))
}

export function markSeen(s: SyncDb, project: string, file: string, outcome: string, reason?: string): void {
  s.db
    .query("INSERT OR REPLACE INTO sync_seen (project, file, outcome, reason, at) VALUES (?, ?, ?, ?, ?)")
    .run(project, file, outcome, reason ?? null, Date.now())
}

interface BranchSeen {
  lastHead?: string
  missingSince?: number
  /** A person undid a move of this branch's items: it is never moved automatically again. */
  held?: boolean
  /** The pending memory item asking the person whether a deleted branch was merged. */
  question?: string
  /** The default branch's head that `lastHead` was last checked against (merged? named by a commit?). */
  checkedMain?: string
}

export function branchSeen(s: SyncDb, project: string, scope: string): BranchSeen {
  type Row = {
    last_head: string | null
    missing_since: number | null
    held: number
    question: string | null
    checked_main: string | null
  }
  const r = s.db
    .query(
      "SELECT last_head, missing_since, held, question, checked_main FROM sync_branches WHERE project = ? AND scope = ?",
    )
    .get(project, scope) as Row | null
  return {
    ...(r?.last_head ? { lastHead: r.last_head } : {}),
    ...(r?.missing_since ? { missingSince: r.missing_since } : {}),
    ...(r?.held ? { held: true } : {}),
    ...(r?.question ? { question: r.question } : {}),
    ...(r?.checked_main ? { checkedMain: r.checked_main } : {}),
  }
}

/** Open questions of a project: scope → pending item id. */
export function openQuestions(s: SyncDb, project: string): Map<string, string> {
  const rows = s.db
    .query("SELECT scope, question FROM sync_branches WHERE project = ? AND question IS NOT NULL")
    .all(project) as Array<{ scope: string; question: string }>
  return new Map(rows.map((r) => [r.scope, r.question]))
}

export function setBranchSeen(s: SyncDb, project: string, scope: string, seen: BranchSeen): void {
  s.db
    .query(
      `INSERT OR REPLACE INTO sync_branches (project, scope, last_head, missing_since, held, question, checked_main)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      project,
      scope,
      seen.lastHead ?? null,
      seen.missingSince ?? null,
      seen.held ? 1 : 0,
      seen.question ?? null,
      seen.checkedMain ?? null,
    )
}

/** What automatic follow last ran on (a keyed digest of the refs), when it is due again, its last report. */
interface FollowState {
  digest: string
  due?: number
  report?: string
  reportAt?: number
}

const reportAad = (project: string) => aad("sync_follow", project, project)

export function followState(s: SyncDb, project: string): FollowState | undefined {
  type Row = { digest: string; due: number | null; report_enc: Uint8Array | null; report_at: number | null }
  const r = s.db
    .query("SELECT digest, due, report_enc, report_at FROM sync_follow WHERE project = ?")
    .get(project) as Row | null
  if (!r) return undefined
  return {
    digest: r.digest,
    ...(r.due ? { due: r.due } : {}),
    ...(r.report_enc ? { report: openText(s.keys.content, r.report_enc, reportAad(project)) } : {}),
    ...(r.report_at ? { reportAt: r.report_at } : {}),
  }
}

export function setFollowState(s: SyncDb, project: string, f: FollowState): void {
  const sealed = f.report ? sealText(s.keys.content, f.report, reportAad(project)) : null
  s.db
    .transaction(() => {
      assertBound(s.db, s.keys)
      s.db
        .query(
          "INSERT OR REPLACE INTO sync_follow (project, digest, due, report_enc, report_at) VALUES (?, ?, ?, ?, ?)",
        )
        .run(project, f.digest, f.due ?? null, sealed, f.reportAt ?? null)
    })
    .immediate()
}

export function hasTeam(s: SyncDb, project: string): boolean {
  return !!s.db.query("SELECT 1 FROM sync_teams WHERE project = ?").get(project)
}

/**
 * `egc keys rotate`: the sealed team configs (remote and team keys: the team key is re-wrapped, not
 * changed; `egc sync rotate` changes it) and author names, inside the rotation's transaction.
 */
export function resealSync(db: Database, run: ResealRun): void {
  resealColumn(
    db,
    run,
    "sync_teams",
    "SELECT rowid AS rowid, project AS id, project, config_enc AS enc FROM sync_teams",
    "UPDATE sync_teams SET config_enc = ? WHERE rowid = ?",
  )
  resealColumn(
    db,
    run,
    "sync_follow",
    "SELECT rowid AS rowid, project AS id, project, report_enc AS enc FROM sync_follow",
    "UPDATE sync_follow SET report_enc = ? WHERE rowid = ?",
  )
  resealColumn(
    db,
    run,
    "sync_links",
    "SELECT rowid AS rowid, shared AS id, project, author_enc AS enc FROM sync_links",
    "UPDATE sync_links SET author_enc = ? WHERE rowid = ?",
  )
}
