#!/usr/bin/env bun
/**
 * Whole-process time of `egc hook <event> --tool claude-code` per event, with a populated store
 * (10k memory items in the project, 2k observations), against a compiled Bun "hello" in the same
 * run. Issue 9 targets: session-start and prompt-submit p50 ≤ 25 ms; pre-tool and post-tool ≤ 15 ms.
 *   bun run scripts/bench/hooks.ts [--runs N] [--items N]
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { buildBinary } from "../build"
import { helloBinary, median, percentile, timeProcesses, type Case } from "./_measure"

const argv = process.argv.slice(2)
const arg = (name: string, fallback: number) => Number(argv[argv.indexOf(name) + 1] ?? 0) || fallback
const runs = arg("--runs", 40)
const items = arg("--items", 10_000)
const dir = mkdtempSync(join(tmpdir(), "egc-bench-hooks-"))

try {
  const home = join(dir, "home")
  const project = join(dir, "project")
  mkdirSync(home, { recursive: true })
  mkdirSync(join(project, ".git", "refs", "heads"), { recursive: true })
  mkdirSync(join(project, ".git", "objects"), { recursive: true })
  writeFileSync(join(project, ".git", "HEAD"), "ref: refs/heads/main\n")
  writeFileSync(join(project, ".git", "config"), '[remote "origin"]\n\turl = https://example.com/bench/hooks.git\n')
  process.env.HOME = home
  process.env.EGC_HOME = join(home, ".egc")
  const env = { HOME: home, EGC_HOME: process.env.EGC_HOME }

  const t0 = performance.now()
  await populate(project, items)
  const populateS = ((performance.now() - t0) / 1000).toFixed(1)

  const bin = await buildBinary({ outfile: join(dir, "egc") })
  const hello = await helloBinary(dir)
  const base = { session_id: "bench-session", transcript_path: join(dir, "none.jsonl"), cwd: project }
  const hook = (name: string, event: string, body: Record<string, unknown>): Case => ({
    name,
    cmd: [bin, "hook", event, "--tool", "claude-code"],
    env,
    stdin: JSON.stringify({ ...base, ...body }),
  })
  const cases: Case[] = [
    { name: "bun hello (floor)", cmd: [hello] },
    {
      ...hook("egc hook, EGC_DISABLE=1 (start-up only)", "pre-tool", {
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "ls" },
      }),
      env: { ...env, EGC_DISABLE: "1" },
    },
    hook("session-start", "session-start", { hook_event_name: "SessionStart", source: "startup" }),
    hook("prompt-submit (plain prompt)", "prompt-submit", {
      hook_event_name: "UserPromptSubmit",
      prompt: "refactor the parser into two files",
    }),
    hook("prompt-submit (history → recall)", "prompt-submit", {
      hook_event_name: "UserPromptSubmit",
      prompt: "what did we decide about the cache layer?",
    }),
    hook("pre-tool (allowed → crush rewrite)", "pre-tool", {
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "git status" },
    }),
    hook("pre-tool (denied)", "pre-tool", {
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "git reset --hard HEAD~1" },
    }),
    hook("post-tool (success)", "post-tool", {
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls" },
      tool_response: { stdout: "a\nb", stderr: "" },
    }),
    hook("post-tool (failure)", "post-tool", {
      hook_event_name: "PostToolUseFailure",
      tool_name: "Bash",
      tool_input: { command: "npm test" },
      error: "Error: 3 tests failed",
    }),
  ]
  const measured = timeProcesses(cases, runs)
  const samples = new Map([...measured].map(([name, s]) => [name, s.wall]))
  const cpu = new Map([...measured].map(([name, s]) => [name, s.cpu]))
  const floor = median(samples.get("bun hello (floor)") ?? [])
  const target = (name: string) =>
    name.startsWith("session") || name.startsWith("prompt")
      ? 25
      : name.startsWith("pre") || name.startsWith("post")
        ? 15
        : undefined
  const rows = [...samples].map(([name, xs]) => {
    const t = target(name)
    const p50 = median(xs)
    return `| ${name} | ${p50.toFixed(1)} | ${percentile(xs, 95).toFixed(1)} | ${(p50 / floor).toFixed(2)}× | ${median(cpu.get(name) ?? []).toFixed(1)} | ${t === undefined ? "" : `≤ ${t} ${p50 <= t ? "✓" : "✗"}`} |`
  })
  const table = [
    "| event | p50 ms | p95 ms | × floor | CPU ms (p50) | target |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n")
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")
  process.stdout.write(
    `${table}\n\n${runs} runs each after 3 warm-up runs, interleaved; load average ${load}; CPU = user + system time of the process; store: ${items} memory items in the project (populated in ${populateS} s through the write layer) + 2000 observations; ${new Date().toISOString()}\n`,
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}

/** Fills the store through the production writer: a realistic mix where most items are not state. */
async function populate(cwd: string, n: number): Promise<void> {
  const { resolveProject } = await import("../../src/core/project")
  const { openMemory } = await import("../../src/memory")
  const { recordObservation } = await import("../../src/insight")
  const project = resolveProject(cwd)
  const memory = openMemory()
  const actor = { source: "agent" as const, sessionId: "bench", tool: "bench" }
  const topics = ["cache", "parser", "billing", "auth", "deploy", "search", "queue", "metrics", "ui", "api"]
  const kinds = [
    "note",
    "discovery",
    "file",
    "symbol",
    "requirement",
    "architecture",
    "failure",
    "note",
    "discovery",
    "note",
  ]
  for (let i = 0; i < n; i++) {
    const topic = topics[i % topics.length] ?? "misc"
    const kind =
      i < 60
        ? (["decision", "avoid", "preference", "next", "context"][i % 5] ?? "note")
        : (kinds[i % kinds.length] ?? "note")
    memory.write(
      {
        kind,
        title: `${topic} item ${i}`,
        body: `The ${topic} layer detail number ${i}: ${topic} uses strategy ${i % 97} with limit ${i % 13}.`,
        entities: [topic],
      },
      { project, actor },
    )
  }
  for (let i = 0; i < 2000; i++) {
    recordObservation({
      project: project.id,
      sessionId: "bench",
      tool: "claude-code",
      callName: "Bash",
      command: i % 3 ? "npm test" : "git status",
      failed: i % 5 === 0,
      errorText: "Error: 3 tests failed",
    })
  }
}
