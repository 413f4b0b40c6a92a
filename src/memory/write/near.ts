import { keyedHash } from "../../core/crypto"
import { skeleton } from "../../core/screen"
import type { Store } from "../_store"

/**
 * Near copies of forgotten text (DESIGN principle 7). A tombstone keeps, besides its exact keyed
 * fingerprint, the keyed hashes of its word shingles (words and word pairs of the normal form:
 * confusable skeleton, leading "Note:"-style labels and punctuation dropped). A write whose
 * shingles overlap a live tombstone's by Jaccard ≥ JACCARD, or that contains nearly all of a
 * longer one, is refused. No plaintext is kept: only HMACs under the hashing key.
 */
const JACCARD = 0.7
const CONTAINED = 0.9
const CONTAINED_MIN = 6
const MAX_SHINGLES = 4000
const CHUNK = 400

/** The normal form: skeleton, leading labels ("Note:", "FYI -") dropped, words only. */
export function normalWords(text: string): string[] {
  const form = skeleton(text)
    .replace(/^(?:\s*(?:[\p{L}]{1,12}(?:\s[\p{L}]{1,12})?)\s*[:\-–—]\s+){1,2}/u, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
  return form ? form.split(" ") : []
}

export function shingles(text: string): string[] {
  const words = normalWords(text)
  const out = new Set<string>(words)
  for (let i = 0; i + 1 < words.length; i++) out.add(`${words[i]} ${words[i + 1]}`)
  return [...out].slice(0, MAX_SHINGLES)
}

function prints(store: Store, text: string): string[] {
  return [...new Set(shingles(text).map((s) => keyedHash(store.keys.hash, `memory-shingle|${s}`).slice(0, 24)))]
}

/** Keep the shingles of a tombstoned text beside its tombstone. */
export function recordShingles(store: Store, project: string, fp: string, text: string): void {
  const insert = store.db.query("INSERT OR IGNORE INTO memory_tomb_shingles (project, fp, sh) VALUES (?, ?, ?)")
  for (const sh of prints(store, text)) insert.run(project, fp, sh)
}

/** Live tombstones (project, fp) that this text is a near copy of. */
export function nearTombstones(store: Store, projects: string[], text: string): Array<{ project: string; fp: string }> {
  const pm = projects.map(() => "?").join(",")
  // most projects have forgotten nothing: skip hashing the text's shingles then
  if (!store.db.query(`SELECT 1 FROM memory_tomb_shingles WHERE project IN (${pm}) LIMIT 1`).get(...projects)) return []
  const mine = prints(store, text)
  if (!mine.length) return []
  const hits = new Map<string, number>()
  for (let i = 0; i < mine.length; i += CHUNK) {
    const part = mine.slice(i, i + CHUNK)
    const rows = store.db
      .query(
        `SELECT s.project, s.fp, COUNT(*) AS n FROM memory_tomb_shingles s JOIN memory_tombstones t ON t.project = s.project AND t.fp = s.fp
         WHERE t.lifted_at IS NULL AND s.project IN (${pm}) AND s.sh IN (${part.map(() => "?").join(",")}) GROUP BY s.project, s.fp`,
      )
      .all(...projects, ...part) as Array<{ project: string; fp: string; n: number }>
    for (const r of rows) hits.set(`${r.project}\u0000${r.fp}`, (hits.get(`${r.project}\u0000${r.fp}`) ?? 0) + r.n)
  }
  const found: Array<{ project: string; fp: string }> = []
  const size = store.db.query("SELECT COUNT(*) AS n FROM memory_tomb_shingles WHERE project = ? AND fp = ?")
  for (const [key, common] of hits) {
    const [project = "", fp = ""] = key.split("\u0000")
    const theirs = (size.get(project, fp) as { n: number }).n
    const jaccard = common / (mine.length + theirs - common)
    if (jaccard >= JACCARD || (theirs >= CONTAINED_MIN && common / theirs >= CONTAINED)) found.push({ project, fp })
  }
  return found
}
