import { nextRev } from "./rev"
import { now } from "../../core/clock"
import type { Project } from "../../core/project"
import { appendAudit } from "./audit"
import { openContent, textPrint } from "../_seal"
import { GLOBAL, tx, type Store } from "../_store"
import type { Actor, ForgetResult } from "../types"
import { isPerson } from "./consent"
import { nearTombstones, recordShingles } from "./near"
import { dropIndex } from "./index-store"

interface ForgetQuery {
  project: Project
  id?: string
  text?: string
  /** Report what would be destroyed and tombstoned; change nothing. */
  dryRun?: boolean
  /** false: a text that matches no item leaves no tombstone (undefined keeps one, as before). */
  tombstone?: boolean
}

/**
 * Forgetting (DESIGN principle 7): the content of the item, of every stored version of it and of
 * every copy with the same normalised text is destroyed, and a keyed fingerprint stays behind so
 * the write layer refuses the same content again from any source.
 */
export function forget(store: Store, q: ForgetQuery, actor: Actor): ForgetResult {
  const projects = [q.project.id, GLOBAL]
  return tx(store, () => {
    const prints = new Set<string>()
    // the forgotten text of each print, read before it is destroyed, for the near-copy shingles
    const texts = new Map<string, string>()
    if (q.id) {
      const row = store.db
        .query("SELECT project, text_fp, content_enc FROM memory_items WHERE id = ? AND project IN (?, ?)")
        .get(q.id, ...projects) as { project: string; text_fp: string | null; content_enc: Uint8Array | null } | null
      if (!row) return { forgotten: [], tombstones: 0, reason: `no item ${q.id} in this project` }
      if (row.text_fp) prints.add(row.text_fp)
      if (row.text_fp && row.content_enc) {
        try {
          texts.set(row.text_fp, openContent(store.keys, "memory_items", q.id, row.project, row.content_enc).body)
        } catch {
          // an unreadable row is still forgotten; only its exact fingerprint is kept
        }
      }
    }
    if (q.text?.trim()) {
      const fp = textPrint(store.keys, q.text)
      prints.add(fp)
      texts.set(fp, q.text)
    }
    if (!prints.size) return { forgotten: [], tombstones: 0, reason: "give an id or a text to forget" }
    const list = [...prints]
    const marks = list.map(() => "?").join(",")
    const rows = store.db
      .query(
        `SELECT id, project FROM memory_items WHERE project IN (?, ?) AND (text_fp IN (${marks}) OR title_fp IN (${marks}) OR id = ?) AND status != 'forgotten'`,
      )
      .all(...projects, ...list, ...list, q.id ?? "") as Array<{ id: string; project: string }>
    if (!rows.length && !q.id && q.tombstone === false) {
      const reason = "no item matches this text; nothing was forgotten and no tombstone was left"
      return { forgotten: [], tombstones: 0, reason }
    }
    if (q.dryRun) return { forgotten: rows.map((r) => r.id), tombstones: list.length, dryRun: true }
    const t = now()
    for (const r of rows) {
      store.db
        .query(
          "UPDATE memory_items SET content_enc = NULL, status = 'forgotten', retracted_at = COALESCE(retracted_at, ?), valid_to = COALESCE(valid_to, ?), updated_at = ?, rev = ? WHERE id = ?",
        )
        .run(t, t, t, nextRev(store), r.id)
      store.db.query("UPDATE memory_versions SET content_enc = NULL WHERE item = ?").run(r.id)
      appendAudit(store.db, store.keys, { project: r.project, item: r.id, action: "forget", actor })
    }
    dropIndex(store, projects)
    const tombProject =
      rows.some((r) => r.project === GLOBAL) && !rows.some((r) => r.project !== GLOBAL) ? GLOBAL : q.project.id
    for (const fp of list) {
      store.db
        .query(
          "INSERT INTO memory_tombstones (project, fp, created_at, source, lifted_at) VALUES (?, ?, ?, ?, NULL) ON CONFLICT (project, fp) DO UPDATE SET lifted_at = NULL, created_at = excluded.created_at",
        )
        .run(tombProject, fp, t, actor.source)
      const text = texts.get(fp)
      if (text) recordShingles(store, tombProject, fp, text)
    }
    appendAudit(store.db, store.keys, {
      project: tombProject,
      action: "forget",
      actor,
      detail: `tombstones=${list.length} items=${rows.length}`,
    })
    return { forgotten: rows.map((r) => r.id), tombstones: list.length }
  })
}

/** Only a person (CLI or dashboard) can lift a tombstone, by giving the forgotten text again. */
export function liftTombstone(
  store: Store,
  q: { project: Project; text: string },
  actor: Actor,
): { lifted: boolean; reason?: string } {
  if (!isPerson(actor)) return { lifted: false, reason: "only a person (cli or dashboard) can lift a tombstone" }
  const fp = textPrint(store.keys, q.text)
  return tx(store, () => {
    const lift = store.db.query(
      "UPDATE memory_tombstones SET lifted_at = ? WHERE project = ? AND fp = ? AND lifted_at IS NULL",
    )
    const t = now()
    let changes = 0
    for (const project of [q.project.id, GLOBAL]) changes += lift.run(t, project, fp).changes
    // the person may give the text as they remember it: near copies lift too
    for (const near of nearTombstones(store, [q.project.id, GLOBAL], q.text))
      changes += lift.run(t, near.project, near.fp).changes
    if (changes === 0) return { lifted: false, reason: "no tombstone matches this text" }
    appendAudit(store.db, store.keys, { project: q.project.id, action: "lift", actor })
    return { lifted: true }
  })
}
