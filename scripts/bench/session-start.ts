#!/usr/bin/env bun
/**
 * Session start at scale (issue 16): a project holding 2,000 and 20,000 items (decisions, lessons,
 * avoid, preferences, pending captures, a context and next steps), filled through the real write
 * layer; the compiled binary's `egc hook session-start --tool claude-code` (what `egc install`
 * writes into Claude Code's settings) with Claude Code's SessionStart payload, timed whole-process
 * and interleaved with a compiled Bun "hello". Checks what the agent is told: the newest decisions
 * (newest first), every next step in the order written, context and avoid, within the frame cap.
 * Target: whole-process time ≤ 6× hello in the same run.
 * A size of 0 is an empty store: what the hook costs before memory has anything to show.
 *   bun run scripts/bench/session-start.ts [--runs N] [--sizes 0,2000,20000] [--bin dist/egc]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { buildBinary } from "../build"
import { CONTEXT_CAP_CHARS } from "../../src/hooks/handlers/_context"
import { helloBinary, loadAverage, median, percentile, timeProcesses, type Case } from "./_measure"

const argv = process.argv.slice(2)
const value = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined)
/** The next steps, deliberately not in alphabetical order: they must come back as written. */
const NEXT = [
  "zeta: wire the refund webhook",
  "alpha: backfill invoices for March",
  "mid: drop the legacy export job",
  "omega: write the runbook for the export",
  "beta: rotate the payment provider key",
  "gamma: split the ledger migration in two",
]
const TARGET = 6

if (argv[0] === "--fill") await fill(value("--fill") ?? "", Number(value("--items")))
else await main()

async function main() {
  const runs = Number(value("--runs")) || 30
  const sizes = (value("--sizes") ?? "0,2000,20000").split(",").map(Number)
  const dir = mkdtempSync(join(tmpdir(), "egc-bench-start-"))
  try {
    const bin = value("--bin") ? resolve(value("--bin") ?? "") : await buildBinary({ outfile: join(dir, "egc") })
    const hello = await helloBinary(dir)
    const cases: Case[] = [{ name: "bun hello (floor)", cmd: [hello] }]
    const checks: string[] = []
    for (const n of sizes) {
      const home = join(dir, `home-${n}`)
      const project = fakeRepo(join(dir, `project-${n}`), n)
      const env = { HOME: home, EGC_HOME: join(home, ".egc") }
      const t0 = performance.now()
      const filled = Bun.spawnSync([process.execPath, "run", import.meta.path, "--fill", project, "--items", `${n}`], {
        env: { ...process.env, ...env },
        stdout: "pipe",
        stderr: "inherit",
      })
      if (filled.exitCode !== 0) throw new Error(`filling ${n} items failed`)
      const fillS = ((performance.now() - t0) / 1000).toFixed(1)
      const payload = JSON.stringify({
        session_id: `bench-${n}`,
        transcript_path: join(dir, "none.jsonl"),
        cwd: project,
        hook_event_name: "SessionStart",
        source: "startup",
      })
      const c: Case = {
        name: `session-start, ${n} items`,
        cmd: [bin, "hook", "session-start", "--tool", "claude-code"],
      }
      cases.push({ ...c, env, stdin: payload })
      const newest = filled.stdout.toString().trim()
      checks.push(
        `${c.name} (filled in ${fillS} s): ${n ? check(bin, env, payload, newest) : empty(bin, env, payload)}`,
      )
    }
    const measured = timeProcesses(cases, runs)
    const floor = median(measured.get("bun hello (floor)")?.wall ?? [])
    const rows = [...measured].map(([name, s]) => {
      const ratio = median(s.wall) / floor
      const verdict = name.startsWith("session") ? `≤ ${TARGET}× ${ratio <= TARGET ? "✓" : "✗"}` : ""
      return `| ${name} | ${median(s.wall).toFixed(1)} | ${percentile(s.wall, 95).toFixed(1)} | ${ratio.toFixed(2)}× | ${median(s.cpu).toFixed(1)} | ${verdict} |`
    })
    const load = loadAverage()
    process.stdout.write(
      [
        "| command | median ms | p95 ms | × hello | CPU ms (median) | target |",
        "| --- | --- | --- | --- | --- | --- |",
        ...rows,
        "",
        ...checks.map((c) => `- ${c}`),
        "",
        `${runs} runs each after 3 warm-up runs, interleaved; load average ${load}; ${new Date().toISOString()}`,
        "",
      ].join("\n"),
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** An empty store injects nothing (and never another project's state). */
function empty(bin: string, env: Record<string, string>, payload: string): string {
  const r = Bun.spawnSync([bin, "hook", "session-start", "--tool", "claude-code"], {
    env: { ...process.env, ...env },
    stdin: new TextEncoder().encode(payload),
  })
  const out = r.stdout.toString().trim()
  const context = out ? JSON.parse(out).hookSpecificOutput?.additionalContext : undefined
  if (r.exitCode !== 0 || context) throw new Error(`an empty store injected something (exit ${r.exitCode}): ${out}`)
  return "nothing injected ✓"
}

/** What the agent is told: throws when the injection misses what it must hold. */
function check(bin: string, env: Record<string, string>, payload: string, newest: string): string {
  const r = Bun.spawnSync([bin, "hook", "session-start", "--tool", "claude-code"], {
    env: { ...process.env, ...env },
    stdin: new TextEncoder().encode(payload),
  })
  const out = r.stdout.toString()
  const context = out ? (JSON.parse(out).hookSpecificOutput?.additionalContext as string | undefined) : undefined
  if (r.exitCode !== 0 || !context) throw new Error(`no context (exit ${r.exitCode}): ${r.stderr}`)
  const problems: string[] = []
  if (context.length > CONTEXT_CAP_CHARS) problems.push(`${context.length} chars > cap ${CONTEXT_CAP_CHARS}`)
  if (!context.includes(`- ${newest}`)) problems.push(`newest decision missing (${newest})`)
  const at = NEXT.map((s) => context.indexOf(`- ${s}`))
  if (at.some((i) => i < 0)) problems.push("a next step is missing")
  else if (at.some((i, k) => k > 0 && i < (at[k - 1] ?? 0))) problems.push("next steps out of written order")
  if (!context.includes("## Context\nBilling service")) problems.push("context missing")
  if (!context.includes("## Avoid\n")) problems.push("avoid missing")
  if (!/Awaiting review \(\d+\)/.test(context)) problems.push("pending count missing")
  const shown = [...context.matchAll(/^- decision (\d+):/gm)].map((m) => Number(m[1]))
  if (shown.some((x, k) => k > 0 && x > (shown[k - 1] ?? 0))) problems.push("decisions not newest first")
  const older = /- (\d+) older decisions — search_history/.exec(context)?.[1]
  if (problems.length) throw new Error(`${problems.join("; ")}\n${context}`)
  return `${context.length} chars (cap ${CONTEXT_CAP_CHARS}), ${shown.length} newest decisions shown (newest first) + "${older ?? 0} older decisions", all ${NEXT.length} next steps in written order, context, avoid, pending count ✓`
}

function fakeRepo(path: string, n: number): string {
  mkdirSync(join(path, ".git", "refs", "heads"), { recursive: true })
  mkdirSync(join(path, ".git", "objects"), { recursive: true })
  writeFileSync(join(path, ".git", "HEAD"), "ref: refs/heads/main\n")
  writeFileSync(join(path, ".git", "config"), `[remote "origin"]\n\turl = https://example.com/bench/start-${n}.git\n`)
  return path
}

/**
 * Fills the store through the production writer (in a child process, so each size has its own
 * EGC_HOME): 70% decisions, 10% lessons, 5% avoid, 5% preferences, 10% pending captures, one
 * context and the next steps. Prints the newest decision's line.
 */
async function fill(cwd: string, n: number) {
  if (!n) return
  const { resolveProject } = await import("../../src/core/project")
  const { openMemory } = await import("../../src/memory")
  const project = resolveProject(cwd)
  const memory = openMemory()
  const ctx = { project, actor: { source: "agent" as const, sessionId: "bench", tool: "bench" } }
  const miner = { project, actor: { source: "hook:miner" as const, sessionId: "bench", tool: "claude-code" } }
  const topics = ["cache", "parser", "billing", "auth", "deploy", "search", "queue", "metrics", "export", "api"]
  const topic = (i: number) => topics[i % topics.length] ?? "misc"
  const patch = (p: Parameters<typeof memory.applyStatePatch>[0]) => {
    const r = memory.applyStatePatch(p, ctx)
    if (!r.ok) throw new Error(r.reason)
  }
  patch({ context: "Billing service: invoices, refunds and the nightly export, run by the payments team." })
  const batch = <T>(count: number, make: (i: number) => T, put: (xs: T[]) => void) => {
    for (let i = 0; i < count; i += 50) put(Array.from({ length: Math.min(50, count - i) }, (_, k) => make(i + k)))
  }
  const share = (f: number) => Math.max(1, Math.round(n * f))
  let last = ""
  batch(
    share(0.05),
    (i) => `avoid ${i}: never call the ${topic(i)} client without a timeout (incident ${i})`,
    (avoid) => patch({ avoid }),
  )
  batch(
    share(0.05),
    (i) => `preference ${i}: keep ${topic(i)} modules under 300 lines (style ${i})`,
    (preferences) => patch({ preferences }),
  )
  for (let i = 0; i < share(0.1); i++)
    memory.lessons.save(
      {
        body: `lesson ${i}: the ${topic(i)} retry storm came from a shared pool; size pools per caller (case ${i})`,
        confidence: 0.3 + (i % 7) / 10,
      },
      ctx,
    )
  for (let i = 0; i < share(0.1); i++)
    memory.write(
      { kind: i % 2 ? "decision" : "avoid", title: `captured ${i} about ${topic(i)}`, body: `mined text ${i}` },
      miner,
    )
  batch(
    share(0.7),
    (i) => ({
      what: `decision ${i}: the ${topic(i)} layer uses strategy ${i % 97}`,
      why: `because of incident ${i}: the ${topic(i)} path timed out under load, explained at some length here`,
    }),
    (decisions) => {
      patch({ decisions })
      const d = decisions[decisions.length - 1]
      last = `${d?.what} — ${d?.why}`
    },
  )
  patch({ next: NEXT })
  process.stdout.write(`${last}\n`)
}
