#!/usr/bin/env bun
/**
 * A long-lived process that writes between recalls, on a store kept by memory-latency.ts --keep:
 * `EGC_HOME=<root>/egc bun run scripts/bench/memory-churn.ts <root>/bench.db <root>/repos/p0/app [rounds]`.
 * Per round: 200 writes, each followed by a recall (so one recall per round also stores the sealed
 * index's changes); prints recall p50/p95/max and the RSS and heap after a forced collection.
 * It writes to the store: run it on a copy to keep the original for other runs.
 */
import { Database } from "bun:sqlite"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"

const [dbPath, repo, roundsArg] = process.argv.slice(2)
if (!dbPath || !repo) throw new Error("usage: memory-churn.ts <bench.db> <repo> [rounds]")
const db = new Database(dbPath, { strict: true })
db.exec("PRAGMA busy_timeout = 5000")
const memory = openMemory({ db, consent: "agent", recallTokenCap: 2500, workingTtlHours: 24 })
const project = resolveProject(repo)
const query = "which database backs the orders service"
memory.recall({ project, query })
const agent = { source: "agent" as const, sessionId: "churn" }
const mb = (n: number) => Math.round(n / 1048576)
for (let round = 0; round < Number(roundsArg ?? 2); round++) {
  const times: number[] = []
  for (let i = 0; i < 200; i++) {
    const r = memory.write(
      {
        kind: "note",
        title: `churn ${round}.${i}`,
        body: `Churn item ${round}-${i} about the orders database`,
        entities: ["src/churn.ts"],
      },
      { project, actor: agent },
    )
    if (r.outcome !== "created") throw new Error(`write ${round}.${i}: ${r.outcome}`)
    const t = performance.now()
    memory.recall({ project, query })
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  Bun.gc(true)
  const u = process.memoryUsage()
  const at = (p: number) => +(times[Math.min(times.length - 1, Math.floor(times.length * p))] as number).toFixed(1)
  process.stdout.write(
    `${JSON.stringify({ round, recallP50: at(0.5), recallP95: at(0.95), recallMax: at(1), rssMb: mb(u.rss), heapMb: mb(u.heapUsed) })}\n`,
  )
}
db.close()
