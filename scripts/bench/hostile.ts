#!/usr/bin/env bun
/**
 * The hostile soak (issue 14 proof, longer than the suite in `npm test`): every MCP tool fuzzed from
 * its schema with more runs, every hook adapter with more hostile stdin, 16 concurrent writers of
 * which some are killed (SIGKILL, by the pid this script started), seeded byte flips in data pages
 * and truncations of the audit log. Each part ends by checking that nothing acknowledged was lost,
 * nothing damaged was written to, and the server still answers. Prints a Markdown section for
 * scripts/bench/results/hostile.md.
 *   bun run scripts/bench/hostile.ts [--runs N] [--hook-runs N] [--rounds N] [--flips N] [--seed N]
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"

const argv = process.argv.slice(2)
const arg = (name: string, fallback: number) => Number(argv[argv.indexOf(name) + 1] ?? 0) || fallback
const runs = arg("--runs", 200)
const hookRuns = arg("--hook-runs", 20)
const rounds = arg("--rounds", 3)
const flips = arg("--flips", 100)
const seed = arg("--seed", 1414)
const WRITERS = 16
const base = mkdtempSync(join(tmpdir(), "egc-bench-hostile-"))
const lines: string[] = []
const out = (s: string) => {
  lines.push(s)
  process.stdout.write(`${s}\n`)
}

try {
  const project = join(base, "project")
  mkdirSync(join(project, ".git", "refs", "heads"), { recursive: true })
  mkdirSync(join(project, ".git", "objects"), { recursive: true })
  writeFileSync(join(project, ".git", "HEAD"), "ref: refs/heads/main\n")
  writeFileSync(join(project, ".git", "config"), '[remote "origin"]\n\turl = https://example.com/bench/hostile.git\n')
  process.env.HOME = join(base, "home")
  process.env.EGC_HOME = join(base, "home", ".egc")
  process.env.EGC_HOSTILE_ROOT = base
  out(`## Run ${new Date().toISOString()} (seed ${seed})`)
  out("")
  out("| part | runs | outcome | time s |")
  out("| --- | --- | --- | --- |")
  await mcpPart(project)
  await hookPart(project)
  await writersPart(project)
  await flipsPart(project)
  await truncationPart(project)
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")
  out("")
  out(
    `Command: \`bun run scripts/bench/hostile.ts --runs ${runs} --hook-runs ${hookRuns} --rounds ${rounds} --flips ${flips} --seed ${seed}\`; load average ${load}.`,
  )
} finally {
  rmSync(base, { recursive: true, force: true })
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, string]> {
  const t = performance.now()
  const v = await fn()
  return [v, ((performance.now() - t) / 1000).toFixed(1)]
}

async function mcpPart(project: string): Promise<void> {
  const { connect } = await import("../../test/mcp/_client")
  const { fuzzTools } = await import("../../test/mcp/_fuzz")
  const { allTools } = await import("../../src/mcp/tools")
  const c = await connect({ cwd: project, tools: allTools, sessionId: "soak" })
  const [f, s] = await timed(() => fuzzTools(c.client, { seed, runs }))
  const health = await c.client.callTool({ name: "server_health", arguments: {} })
  const { openMemory } = await import("../../src/memory")
  const { resolveProject } = await import("../../src/core/project")
  const { isUnreadable } = await import("../../src/memory/read")
  const memory = openMemory()
  const p = resolveProject(project)
  const lost = f.acked.filter((id) => {
    const item = memory.get({ project: p, id })
    return !item || isUnreadable(item)
  })
  await c.close()
  const calls = Object.values(f.tally).reduce((a, b) => a + b, 0)
  out(
    `| MCP: ${f.tools.length} tools × ${runs} valid + ${runs} hostile argument sets | ${calls} | ${f.tally.result} results, ${f.tally["tool-error"]} tool errors, ${f.tally["internal-error"]} internal errors, ${f.tally["protocol-error"]} protocol errors; ${f.acked.length} acknowledged writes, ${lost.length} lost; server answers after: ${health.isError ? "no" : "yes"} | ${s} |`,
  )
  for (const b of f.bad.slice(0, 5)) out(`|  | | failure: ${b.replaceAll("|", "\\|").slice(0, 200)} | |`)
}

async function hookPart(project: string): Promise<void> {
  const fc = (await import("fast-check")).default
  const { ADAPTERS } = await import("../../src/hooks/adapters")
  const { runHook } = await import("../../src/hooks/run")
  const { HOOK_EVENTS, NEUTRAL } = await import("../../src/hooks/types")
  const { readable, unreadable } = await import("../../test/hooks/_hostile-stdin")
  let n = 0
  let thrown = 0
  let neutralPre = 0
  const [, s] = await timed(async () => {
    for (const [i, tool] of (Object.keys(ADAPTERS) as Array<keyof typeof ADAPTERS>).entries()) {
      const neutral = JSON.stringify(ADAPTERS[tool].render("pre-tool", NEUTRAL, undefined))
      for (const [j, event] of HOOK_EVENTS.entries()) {
        const texts = [
          ...fc
            .sample(unreadable(tool, event, project), { seed: seed + i * 100 + j, numRuns: hookRuns })
            .map((t) => [t, true] as const),
          ...fc
            .sample(readable(tool, event, project), { seed: seed + 5000 + i * 100 + j, numRuns: hookRuns })
            .map((t) => [t, false] as const),
        ]
        for (const [text, bad] of texts) {
          n++
          try {
            const t0 = performance.now()
            const r = await runHook(event, tool, { payload: { text, truncated: false } })
            const ms = performance.now() - t0
            if (process.env.HOSTILE_SLOW && ms > 300)
              process.stderr.write(
                `slow ${tool} ${event} ${ms.toFixed(0)} ${JSON.stringify(text.length > 2000 ? text.slice(0, 2000) : text)}\n`,
              )
            if (bad && event === "pre-tool" && JSON.stringify(r) === neutral) neutralPre++
          } catch {
            thrown++
          }
        }
      }
    }
  })
  out(
    `| hooks: 11 adapters × 7 events × ${hookRuns} unreadable + ${hookRuns} hostile payloads | ${n} | ${thrown} threw; ${neutralPre} unreadable pre-tool payloads answered neutrally | ${s} |`,
  )
}

async function writersPart(project: string): Promise<void> {
  const writer = resolve(import.meta.dir, "_hostile-writer.ts")
  const acked = new Set<string>()
  let killed = 0
  let rand = seed
  const next = () => {
    rand = (rand * 1103515245 + 12345) % 2147483648
    return rand / 2147483648
  }
  const [, s] = await timed(async () => {
    for (let round = 0; round < rounds; round++) {
      const children = Array.from({ length: WRITERS }, (_, w) =>
        Bun.spawn(["bun", "run", writer, project, `r${round}w${w}`, "120"], {
          env: process.env as Record<string, string>,
          stdout: "pipe",
          stderr: "ignore",
        }),
      )
      // acks are read as they arrive; a victim is killed only once it has acknowledged a write
      const started = children.map(() => Promise.withResolvers<void>())
      const reads = children.map(async (child, w) => {
        let rest = ""
        let mine = 0
        const decoder = new TextDecoder()
        for await (const chunk of child.stdout) {
          const parts = (rest + decoder.decode(chunk)).split("\n")
          rest = parts.pop() ?? ""
          for (const line of parts) {
            if (!line.startsWith("ack ")) continue
            acked.add(line.slice(4))
            mine++
          }
          if (mine) started[w]?.resolve()
        }
        started[w]?.resolve()
      })
      // kill 6 of the 16 at seeded moments while they write; only our own children, by pid
      await Promise.all(
        children.slice(0, 6).map(async (child, w) => {
          await started[w]?.promise
          await Bun.sleep(Math.floor(next() * 400))
          if (child.exitCode === null) {
            process.kill(child.pid, "SIGKILL")
            killed++
          }
        }),
      )
      await Promise.all([...reads, ...children.map((c) => c.exited)])
    }
  })
  const { closeAllDbs } = await import("../../src/core/db")
  closeAllDbs()
  const { openMemory } = await import("../../src/memory")
  const { resolveProject } = await import("../../src/core/project")
  const { isUnreadable } = await import("../../src/memory/read")
  const { quickCheck } = await import("../../src/core/db-check")
  const memory = openMemory()
  const p = resolveProject(project)
  const lost = [...acked].filter((id) => {
    const item = memory.get({ project: p, id })
    return !item || isUnreadable(item)
  })
  const audit = memory.auditVerify()
  const check = quickCheck(memory.store.db)
  out(
    `| ${WRITERS} concurrent writer processes × ${rounds} rounds (120 items each), 6 per round killed (SIGKILL) after their first acknowledged write | ${WRITERS * rounds} processes | ${acked.size} writes acknowledged, ${lost.length} lost; ${killed} killed; audit ${audit.ok ? `intact (${audit.rows} records, head ${audit.head})` : `BROKEN: ${audit.reason}`}; quick_check ${check.length ? check[0] : "ok"} | ${s} |`,
  )
}

async function flipsPart(project: string): Promise<void> {
  const { flipDataPage } = await import("../../test/core/_flip")
  const { closeAllDbs } = await import("../../src/core/db")
  const { Database } = await import("bun:sqlite")
  const { checkWritable } = await import("../../src/core/db-check")
  const { paths } = await import("../../src/core/paths")
  void project
  closeAllDbs()
  const src = paths.db()
  new Database(src).exec("PRAGMA wal_checkpoint(TRUNCATE)")
  let refused = 0
  let written = 0
  const [, s] = await timed(async () => {
    for (let k = 0; k < flips; k++) {
      const copy = join(base, `flip-${k}.db`)
      copyFileSync(src, copy)
      flipDataPage(copy, "memory_items", seed + k)
      const db = new Database(copy)
      try {
        checkWritable(db)
        written++
      } catch {
        refused++
      }
      db.close()
      rmSync(copy, { force: true })
      rmSync(`${copy}-checked`, { force: true })
    }
  })
  out(
    `| byte flips: 4 seeded bytes in the header or cell pointers of one leaf page of memory_items, on a copy of the soaked store | ${flips} | ${refused} refused before any write, ${written} not detected | ${s} |`,
  )
}

async function truncationPart(project: string): Promise<void> {
  const { openMemory } = await import("../../src/memory")
  const { closeAllDbs } = await import("../../src/core/db")
  const { Database } = await import("bun:sqlite")
  const { paths } = await import("../../src/core/paths")
  const { loadKeys } = await import("../../src/core/keys")
  void project
  closeAllDbs()
  const cases: Array<[string, string]> = [
    ["last row", "DELETE FROM memory_audit WHERE seq = (SELECT MAX(seq) FROM memory_audit)"],
    ["last ten rows", "DELETE FROM memory_audit WHERE seq > (SELECT MAX(seq) - 10 FROM memory_audit)"],
    ["every row", "DELETE FROM memory_audit"],
    [
      "one item row",
      "DELETE FROM memory_items WHERE id = (SELECT id FROM memory_items ORDER BY rowid LIMIT 1 OFFSET 7)",
    ],
    ["the sealed head", "DELETE FROM egc_meta WHERE key = 'memory_audit_head'"],
  ]
  const found: string[] = []
  const [, s] = await timed(async () => {
    for (const [name, sql] of cases) {
      const copy = join(base, "trunc.db")
      copyFileSync(paths.db(), copy)
      const db = new Database(copy, { strict: true })
      db.exec(sql)
      const memory = openMemory({ db, keys: loadKeys() })
      found.push(`${name}: ${memory.auditVerify().ok ? "NOT reported" : "reported"}`)
      db.close()
      rmSync(copy, { force: true })
    }
  })
  out(`| audit truncation and deletion on copies of the soaked store | ${cases.length} | ${found.join("; ")} | ${s} |`)
}
