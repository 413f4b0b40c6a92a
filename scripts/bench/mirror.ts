import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Case, median, timeProcesses } from "./_measure"

/**
 * What the instruction-file mirror costs a session-end hook: the compiled binary answering
 * `egc hook session-end` in a repository whose mirror is off and in one whose mirror is on (one
 * tracked AGENTS.md: guards, two filtered hashes, a scratch-index add, each running `egc mirror clean`),
 * interleaved with `egc version` as the floor. Usage: bun run scripts/bench/mirror.ts [--bin dist/egc] [--runs 9]
 */
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`)
  return i === -1 ? fallback : (process.argv[i + 1] ?? fallback)
}
const bin = join(process.cwd(), arg("bin", "dist/egc"))
const runs = Number(arg("runs", "9"))
const base = mkdtempSync(join(tmpdir(), "egc-bench-mirror-"))
process.on("exit", () => rmSync(base, { recursive: true, force: true }))
const env = { PATH: process.env.PATH ?? "", HOME: join(base, "home"), EGC_HOME: join(base, "egc") }
mkdirSync(env.HOME, { recursive: true })

function run(cmd: string[], cwd: string): void {
  const r = Bun.spawnSync(cmd, { cwd, env, stdout: "pipe", stderr: "pipe" })
  if (r.exitCode !== 0) throw new Error(`${cmd.join(" ")}: ${r.stderr.toString()}`)
}

function repo(name: string): string {
  const dir = join(base, name)
  mkdirSync(dir)
  for (const args of [
    ["init", "-q", "-b", "main"],
    ["config", "user.name", "b"],
    ["config", "user.email", "b@b.invalid"],
  ])
    run(["git", ...args], dir)
  writeFileSync(join(dir, "AGENTS.md"), "# Agents\n")
  run(["git", "add", "AGENTS.md"], dir)
  run(["git", "commit", "-q", "-m", "start"], dir)
  for (let i = 0; i < 20; i++)
    run([bin, "memory", "add", "--kind", "decision", "--title", `D${i}`, `decision ${i}`], dir)
  run([bin, "memory", "add", "--kind", "context", "the context"], dir)
  return dir
}

const off = repo("off")
const on = repo("on")
run([bin, "mirror", "on"], on)
const payload = (cwd: string) => JSON.stringify({ session_id: "bench", cwd, hook_event_name: "SessionEnd" })
const hook = ["hook", "session-end", "--tool", "claude-code"]
const cases: Case[] = [
  { name: "egc version (floor)", cmd: [bin, "version"], env },
  { name: "session-end, mirror off", cmd: [bin, ...hook], env, stdin: payload(off) },
  { name: "session-end, mirror on (1 file)", cmd: [bin, ...hook], env, stdin: payload(on) },
]
const samples = timeProcesses(cases, runs, 2, base)
const load = (
  await Bun.file("/proc/loadavg")
    .text()
    .catch(() => "?")
)
  .split(" ")
  .slice(0, 3)
  .join(" ")
console.log(`runs ${runs}, load average ${load}`)
for (const c of cases) {
  const s = samples.get(c.name)
  if (s) console.log(`${c.name.padEnd(34)} wall ${median(s.wall).toFixed(0)} ms   cpu ${median(s.cpu).toFixed(0)} ms`)
}
