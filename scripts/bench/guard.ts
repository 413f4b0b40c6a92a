#!/usr/bin/env bun
/**
 * Guard latency. Decisions only: no corpus command is ever executed.
 *   bun run scripts/bench/guard.ts            in-process + whole-process figures, Markdown on stdout
 *   bun run scripts/bench/guard.ts --quick    fewer whole-process runs
 * In-process: one judgeCommand per corpus command, 3 passes, the last 2 reported (after JIT warm-up).
 * Whole process: the compiled egc running `guard check` vs a compiled Bun hello built in the same
 * run, cases interleaved so they share the machine's noise; wall and child CPU time per run.
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { judgeCommand } from "../../src/guard"
import { buildBinary } from "../build"
import { type Case, helloBinary, type Samples, timeProcesses } from "./_measure"

const ROOT = resolve(import.meta.dir, "../..")
const quick = process.argv.includes("--quick")
const work = mkdtempSync(join(tmpdir(), "egc-bench-guard-"))
const home = join(work, "home")
const project = join(home, "proj")
mkdirSync(join(project, ".git"), { recursive: true })
writeFileSync(join(project, ".git", "HEAD"), "ref: refs/heads/main\n")
const ctx = { cwd: project, home, projectRoot: project }

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!
}
const median = (xs: number[]) => pct(xs, 50)
const ms = (x: number) => `${x.toFixed(3)} ms`

function corpus(): string[] {
  const shared = join(ROOT, "../shared/corpora/guard/dev.json")
  const file = [shared, "/work/shared/corpora/guard/dev.json", join(ROOT, "test/fixtures/guard/dev.json")].find((f) => {
    try {
      readFileSync(f)
      return true
    } catch {
      return false
    }
  })!
  return (JSON.parse(readFileSync(file, "utf8")) as Array<{ command: string }>).map((c) => c.command)
}

/** One timed decision: wall clock and this process's CPU time, in milliseconds. */
function timeOne(command: string, into: Samples): void {
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  judgeCommand(command, ctx)
  const wall = performance.now() - t0
  const c = process.cpuUsage(c0)
  into.wall.push(wall)
  into.cpu.push((c.user + c.system) / 1000)
}

function inProcess(commands: string[], passes = 3): Samples {
  const samples: Samples = { wall: [], cpu: [] }
  const warm: Samples = { wall: [], cpu: [] }
  for (let pass = 0; pass < passes; pass++) for (const c of commands) timeOne(c, pass > 0 ? samples : warm)
  return samples
}

const row = (name: string, s: Samples) =>
  `| ${name} | ${s.wall.length} | ${ms(median(s.wall))} | ${ms(pct(s.wall, 95))} | ${ms(median(s.cpu))} | ${ms(pct(s.cpu, 95))} | ${ms(Math.max(...s.wall))} |`

function bigHeredocs(): Record<string, string> {
  const py = Array.from({ length: 2000 }, (_, i) => `value_${i} = compute(${i}, "text ${i}")  # line ${i}`).join("\n")
  const sh = Array.from({ length: 2000 }, (_, i) => `echo "step ${i}" && ls -la dir${i} | grep x${i}`).join("\n")
  const data = Array.from({ length: 4000 }, (_, i) => `row ${i}: rm -rf / is only text here ${"x".repeat(20)}`).join(
    "\n",
  )
  return {
    "python3 heredoc, 2,000 lines (~110 KB)": `python3 <<'EOF'\n${py}\nEOF`,
    "bash heredoc, 2,000 commands (~90 KB)": `bash <<'EOF'\n${sh}\nEOF`,
    "cat heredoc of data, 4,000 lines (~230 KB)": `cat <<'EOF' > notes.txt\n${data}\nEOF`,
  }
}

async function main(): Promise<void> {
  const commands = corpus()
  const lines: string[] = []
  const say = (s = "") => lines.push(s)
  const samples = inProcess(commands)
  say(`## In-process decision (judgeCommand), ${commands.length} corpus commands × 2 timed passes`)
  say()
  say("| set | samples | wall median | wall p95 | CPU median | CPU p95 | wall max |")
  say("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
  say(row("whole corpus", samples))
  say(row("ordinary (no heredoc, < 400 chars)", inProcess(commands.filter((c) => c.length < 400 && !c.includes("<<")))))
  // the same without the deletes, truncations and discards that may read git state
  const stateless = commands.filter(
    (c) =>
      c.length < 400 &&
      !c.includes("<<") &&
      !/\b(rm|find|xargs|truncate|shred|reset|checkout|restore|clean|stash)\b|>/.test(c),
  )
  say(row("ordinary, no git state to read", inProcess(stateless)))
  for (const [name, cmd] of Object.entries(bigHeredocs())) {
    const s: Samples = { wall: [], cpu: [] }
    const warm: Samples = { wall: [], cpu: [] }
    for (let i = 0; i < 110; i++) timeOne(cmd, i < 10 ? warm : s)
    say(row(`${name} → ${judgeCommand(cmd, ctx).decision}`, s))
  }
  // Decisions that read git state: a real repository (120 tracked files, one changed, one untracked)
  const repo = join(work, "repo")
  mkdirSync(join(repo, "src"), { recursive: true })
  const git = (...a: string[]) => spawnSync("git", ["-C", repo, "-c", "user.name=b", "-c", "user.email=b@b", ...a])
  git("init", "-q")
  for (let i = 0; i < 120; i++) writeFileSync(join(repo, "src", `f${i}.ts`), `export const x${i} = ${i}\n`)
  git("add", ".")
  git("commit", "-qm", "start")
  writeFileSync(join(repo, "src", "f7.ts"), "changed\n")
  writeFileSync(join(repo, "src", "new.ts"), "untracked\n")
  const repoCtx = { cwd: repo, home, projectRoot: repo }
  for (const cmd of ["rm -rf src", "git reset --hard", "git checkout -- src/f7.ts"]) {
    const s: Samples = { wall: [], cpu: [] }
    for (let i = 0; i < 60; i++) {
      const c0 = process.cpuUsage()
      const t0 = performance.now()
      const v = judgeCommand(cmd, repoCtx)
      const wall = performance.now() - t0
      const c = process.cpuUsage(c0)
      if (i >= 10) {
        s.wall.push(wall)
        s.cpu.push((c.user + c.system) / 1000)
      }
      if (i === 0 && v.decision === "allow") throw new Error(`${cmd} was allowed on a changed tree`)
    }
    say(row(`with git state: ${cmd} → ${judgeCommand(cmd, repoCtx).decision}`, s))
  }
  const huge = `echo ${"a".repeat(1024 * 1024)}`
  const t0 = performance.now()
  const hv = judgeCommand(huge, ctx)
  say(`| 1 MB command (cap → ${hv.decision} ${hv.rule}) | 1 | ${ms(performance.now() - t0)} | | | | |`)
  say()

  const bins = join(work, "bin")
  mkdirSync(bins, { recursive: true })
  const egc = await buildBinary({ outfile: join(bins, "egc") })
  const hello = await helloBinary(bins)
  const runs = quick ? 15 : 40
  const env = { HOME: home, EGC_HOME: join(work, "egc") }
  const cases: Case[] = [
    { name: "compiled Bun hello (floor)", cmd: [hello] },
    { name: "egc version (the CLI's own start-up)", cmd: [egc, "version"], env },
    { name: "egc guard check 'npm test' (allow)", cmd: [egc, "guard", "check", "npm test"], env },
    {
      name: "egc guard check --no-record 'git reset --hard HEAD~1' (deny)",
      cmd: [egc, "guard", "check", "--no-record", "git reset --hard HEAD~1"],
      env,
    },
    {
      name: "egc guard check 'git reset --hard HEAD~1' (deny, recorded)",
      cmd: [egc, "guard", "check", "git reset --hard HEAD~1"],
      env,
    },
    {
      name: "egc guard check --batch, 50 corpus lines",
      cmd: [egc, "guard", "check", "--batch", "--no-record"],
      env,
      stdin: commands
        .slice(0, 50)
        .map((command) => JSON.stringify({ command, cwd: project }))
        .join("\n"),
    },
  ]
  const timed = timeProcesses(cases, runs, 3, project)
  const floor = median(timed.get(cases[0]!.name)!.wall)
  const floorCpu = median(timed.get(cases[0]!.name)!.cpu)
  say(`## Whole process (compiled; ${runs} runs per case after 3 warm-ups, cases interleaved)`)
  say()
  say(
    "Wall time is what a hook waits; CPU time (user + system of the child) is what the process costs when the shared box is not preempting it.",
  )
  say()
  say("| process | wall median | wall p95 | × floor | CPU median | CPU × floor |")
  say("| --- | ---: | ---: | ---: | ---: | ---: |")
  for (const c of cases) {
    const x = timed.get(c.name)!
    say(
      `| ${c.name} | ${ms(median(x.wall))} | ${ms(pct(x.wall, 95))} | ${(median(x.wall) / floor).toFixed(2)}× | ${ms(median(x.cpu))} | ${(median(x.cpu) / floorCpu).toFixed(2)}× |`,
    )
  }
  process.stdout.write(`${lines.join("\n")}\n`)
}

await main()
