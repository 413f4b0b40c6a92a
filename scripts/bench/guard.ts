#!/usr/bin/env bun
/**
 * Guard latency. Decisions only: no corpus command is ever executed.
 *   bun run scripts/bench/guard.ts            in-process + whole-process figures, Markdown on stdout
 *   bun run scripts/bench/guard.ts --quick    fewer whole-process runs
 * In-process: one judgeCommand per corpus command, 3 passes, the last 2 reported (after JIT warm-up).
 * Whole process: the compiled egc running `guard check` vs a compiled Bun hello built in the same
 * run, cases interleaved (scripts/bench/_measure.ts) so they share the machine's noise.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { judgeCommand } from "../../src/guard"
import { buildBinary } from "../build"
import { type Case, helloBinary, timeProcesses } from "./_measure"

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

function inProcess(commands: string[], passes = 3): number[] {
  const samples: number[] = []
  for (let pass = 0; pass < passes; pass++) {
    for (const c of commands) {
      const t0 = performance.now()
      judgeCommand(c, ctx)
      const t = performance.now() - t0
      if (pass > 0) samples.push(t)
    }
  }
  return samples
}

function bigHeredocs(): Record<string, string> {
  const py = Array.from({ length: 2000 }, (_, i) => `value_${i} = compute(${i}, "text ${i}")  # line ${i}`).join("\n")
  const sh = Array.from({ length: 2000 }, (_, i) => `echo "step ${i}" && ls -la dir${i} | grep x${i}`).join("\n")
  const data = Array.from({ length: 4000 }, (_, i) => `row ${i}: rm -rf / is only text here ${"x".repeat(20)}`).join("\n")
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
  say("| set | samples | median | p95 | p99 | max |")
  say("| --- | ---: | ---: | ---: | ---: | ---: |")
  say(`| whole corpus | ${samples.length} | ${ms(median(samples))} | ${ms(pct(samples, 95))} | ${ms(pct(samples, 99))} | ${ms(Math.max(...samples))} |`)
  const ordinary = commands.filter((c) => c.length < 400 && !c.includes("<<"))
  const os = inProcess(ordinary)
  say(`| ordinary (no heredoc, < 400 chars) | ${os.length} | ${ms(median(os))} | ${ms(pct(os, 95))} | ${ms(pct(os, 99))} | ${ms(Math.max(...os))} |`)
  for (const [name, cmd] of Object.entries(bigHeredocs())) {
    const xs: number[] = []
    for (let i = 0; i < 60; i++) {
      const t0 = performance.now()
      const v = judgeCommand(cmd, ctx)
      if (i >= 10) xs.push(performance.now() - t0)
      if (i === 0) void v
    }
    say(`| ${name} → ${judgeCommand(cmd, ctx).decision} | ${xs.length} | ${ms(median(xs))} | ${ms(pct(xs, 95))} | ${ms(pct(xs, 99))} | ${ms(Math.max(...xs))} |`)
  }
  const huge = `echo ${"a".repeat(1024 * 1024)}`
  const t0 = performance.now()
  const hv = judgeCommand(huge, ctx)
  say(`| 1 MB command (cap → ${hv.decision} ${hv.rule}) | 1 | ${ms(performance.now() - t0)} | | | |`)
  say()

  const bins = join(work, "bin")
  mkdirSync(bins, { recursive: true })
  const egc = await buildBinary({ outfile: join(bins, "egc") })
  const hello = await helloBinary(bins)
  const runs = quick ? 15 : 40
  const env = { HOME: home, EGC_HOME: join(work, "egc") }
  const cases: Case[] = [
    { name: "compiled Bun hello (floor)", cmd: [hello] },
    { name: "egc guard check 'npm test' (allow)", cmd: [egc, "guard", "check", "npm test"], env },
    { name: "egc guard check --no-record 'git reset --hard HEAD~1' (deny)", cmd: [egc, "guard", "check", "--no-record", "git reset --hard HEAD~1"], env },
    { name: "egc guard check 'git reset --hard HEAD~1' (deny, recorded)", cmd: [egc, "guard", "check", "git reset --hard HEAD~1"], env },
    { name: "egc guard check --batch, 50 corpus lines", cmd: [egc, "guard", "check", "--batch", "--no-record"], env, stdin: commands.slice(0, 50).map((command) => JSON.stringify({ command, cwd: project })).join("\n") },
  ]
  const timed = timeProcesses(cases, runs, 3)
  const floor = median(timed.get(cases[0]!.name)!)
  say(`## Whole process (compiled; ${runs} runs per case after 3 warm-ups, cases interleaved; spawnSync wall time)`)
  say()
  say("| process | median | p95 | × floor |")
  say("| --- | ---: | ---: | ---: |")
  for (const c of cases) {
    const xs = timed.get(c.name)!
    say(`| ${c.name} | ${ms(median(xs))} | ${ms(pct(xs, 95))} | ${(median(xs) / floor).toFixed(2)}× |`)
  }
  process.stdout.write(`${lines.join("\n")}\n`)
}

await main()
