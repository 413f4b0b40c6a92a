/**
 * A separate process writing through the real write layer, for the concurrency tests.
 * argv: <db path> <project dir> <mode: write|hang> <tag> <count>
 * Prints "ready", waits for a line on stdin, then works; "hang" blocks inside a transaction.
 */
import { Database } from "bun:sqlite"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"

// only ever under a test run's temporary home, so the real key and store are never touched
if (!process.env.EGC_TEST_ROOT || !process.env.EGC_HOME?.startsWith(process.env.EGC_TEST_ROOT))
  throw new Error("worker runs only under the test preload's temp EGC_HOME")
const [dbPath, projectDir, mode, tag, countText] = process.argv.slice(2) as [string, string, string, string, string]
const db = new Database(dbPath, { create: true, strict: true })
db.exec("PRAGMA busy_timeout = 10000")
db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
db.exec(
  "CREATE TABLE IF NOT EXISTS egc_migrations (faculty TEXT NOT NULL, version INTEGER NOT NULL, applied_at INTEGER NOT NULL, PRIMARY KEY (faculty, version))",
)
const memory = openMemory({ db, consent: "agent", recallTokenCap: 2500, workingTtlHours: 24 })
const project = resolveProject(projectDir)
const ctx = { project, actor: { source: "agent" as const, sessionId: tag } }
process.stdout.write("ready\n")
for await (const _ of console) break
const count = Number(countText)
if (mode === "hang") {
  db.transaction(() => {
    for (let i = 0; i < count; i++) memory.write({ kind: "note", body: `uncommitted ${tag} ${i}` }, ctx)
    process.stdout.write("inside\n")
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000)
  }).immediate()
} else {
  for (let i = 0; i < count; i++) {
    memory.write({ kind: "note", body: `item ${tag} ${i}` }, ctx)
    memory.write({ kind: "decision", body: "shared decision written by both processes" }, ctx)
  }
  process.stdout.write("done\n")
}
