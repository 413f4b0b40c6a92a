#!/usr/bin/env bun
/**
 * What automatic branch-follow costs the session-start hook (issue 19 §1): whole-process time of
 * `egc hook session-start` in a real repository (main + 6 branches, 3 of them holding items; 2,000
 * items in the project) for a baseline binary (`--base BIN`, e.g. built from the previous commit)
 * and this tree's binary, interleaved: refs unchanged (the digest gate only); a branch without items
 * moved before the run (followBranches runs, every branch pair already checked: no git process);
 * the default branch moved (merge-base per branch with items, one git log: the worst case).
 *   bun run scripts/bench/follow.ts --base /tmp/egc-base/dist/egc [--runs N]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { buildBinary } from "../build"
import { type Case, loadAverage, median, timeProcesses } from "./_measure"

const argv = process.argv.slice(2)
const opt = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined)
const base = opt("--base")
if (!base) throw new Error("--base BIN: the baseline egc binary")
const runs = Number(opt("--runs") ?? 30)
const dir = mkdtempSync(join(tmpdir(), "egc-bench-follow-"))

const git = (args: string[], cwd: string) => {
  const id = ["-c", "user.name=b", "-c", "user.email=b@b.invalid", "-c", "commit.gpgsign=false"]
  const r = Bun.spawnSync(["git", ...id, ...args], { cwd, stdout: "pipe", stderr: "pipe" })
  if (r.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`)
  return r.stdout.toString().trim()
}

try {
  const home = join(dir, "home")
  const repo = join(dir, "repo")
  mkdirSync(home)
  mkdirSync(repo)
  process.env.HOME = home
  process.env.EGC_HOME = join(home, ".egc")
  git(["init", "-q", "-b", "main"], repo)
  git(["remote", "add", "origin", "https://example.com/bench/follow.git"], repo)
  writeFileSync(join(repo, "a"), "a")
  git(["add", "a"], repo)
  git(["commit", "-q", "-m", "a"], repo)
  const { resolveProject } = await import("../../src/core/project")
  const { openMemory } = await import("../../src/memory")
  const memory = openMemory()
  const actor = { source: "agent" as const, sessionId: "bench", tool: "bench" }
  for (let i = 0; i < 6; i++) {
    git(["checkout", "-q", "-b", `feature/b${i}`, "main"], repo)
    writeFileSync(join(repo, `f${i}`), `${i}`)
    git(["add", "."], repo)
    git(["commit", "-q", "-m", `f${i}`], repo)
    if (i < 3)
      for (let j = 0; j < 3; j++)
        memory.write(
          { kind: "decision", title: `b${i} rule ${j}`, body: `branch ${i} rule ${j}`, scope: "branch" },
          { project: resolveProject(repo), actor },
        )
  }
  git(["checkout", "-q", "main"], repo)
  const project = resolveProject(repo)
  for (let i = 0; i < 2000; i++)
    memory.write({ kind: i < 40 ? "decision" : "note", title: `item ${i}`, body: `detail ${i}` }, { project, actor })
  writeFileSync(join(repo, "m"), "m")
  git(["add", "m"], repo)
  git(["commit", "-q", "-m", "m"], repo)
  const tips = [git(["rev-parse", "feature/b5"], repo), git(["rev-parse", "feature/b5~1"], repo)]
  const mains = [git(["rev-parse", "main"], repo), git(["rev-parse", "main~1"], repo)]

  const bin = await buildBinary({ outfile: join(dir, "egc") })
  const stdin = JSON.stringify({ session_id: "bench", cwd: repo, hook_event_name: "SessionStart", source: "startup" })
  const hook = (exe: string) => [exe, "hook", "session-start", "--tool", "claude-code"]
  // each run of the moved cases first flips the ref between two commits, so every run has something to follow
  const flip = (ref: string, commits: string[]) => {
    let i = 0
    return () => void git(["update-ref", ref, commits[i++ % 2] as string], repo)
  }
  const cases: Case[] = [
    { name: "baseline", cmd: hook(base), stdin },
    { name: "follow: refs unchanged", cmd: hook(bin), stdin },
    {
      name: "follow: a branch without items moved",
      cmd: hook(bin),
      stdin,
      before: flip("refs/heads/feature/b5", tips),
    },
    { name: "follow: the default branch moved", cmd: hook(bin), stdin, before: flip("refs/heads/main", mains) },
  ]
  const out = timeProcesses(cases, runs, 3, repo)
  const load = loadAverage()
  const rows = [...out].map(([n, s]) => `| ${n} | ${median(s.wall).toFixed(1)} | ${median(s.cpu).toFixed(1)} |`)
  process.stdout.write(
    `| session-start | wall p50 ms | CPU p50 ms |\n| --- | --- | --- |\n${rows.join("\n")}\n\n${runs} runs each after 3 warm-up runs, interleaved; load average ${load}; ${new Date().toISOString()}\n`,
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}
