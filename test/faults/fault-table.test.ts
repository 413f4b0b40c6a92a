import { describe, expect, test } from "bun:test"
import { mkdirSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { HOOK_TOOLS, type HookTool } from "../../src/hooks/types"
import { runEgc, type RunResult } from "../e2e/_binary"
import { tmpdir, type TmpDir } from "../fixture"
import { payload } from "../hooks/_payloads"

/**
 * The fault table of issue 12: every safety × every failure → the safe outcome. Each row is a fresh
 * world (HOME, EGC_HOME, a git project) made healthy first, then broken one way. The guard and the
 * write gate are asked through the compiled binary's pre-tool hook of every coding tool; consent,
 * review and redaction through a real MCP client in a process of its own (_probe.ts). Nothing here
 * runs a command: the hook only judges the strings.
 */
const DANGEROUS = "rm -rf /"
// built at run time so this file holds no secret-shaped literal
const SECRET = ["AKIA", "Q7F3", "ZK2M", "X9BT", "4WRE"].join("")
const PERSON_CONFIG = JSON.stringify({ memory: { consent: "review" } })

interface World {
  root: TmpDir
  home: string
  egcHome: string
  project: string
  env: Record<string, string>
}

function makeWorld(): World {
  const root = tmpdir()
  const home = join(root.path, "home")
  const egcHome = join(root.path, "egc")
  const project = join(root.path, "project")
  mkdirSync(home, { recursive: true })
  mkdirSync(join(project, ".git"), { recursive: true })
  writeFileSync(join(project, ".git", "HEAD"), "ref: refs/heads/main\n")
  mkdirSync(join(project, "src"), { recursive: true })
  return { root, home, egcHome, project, env: { HOME: home, EGC_HOME: egcHome } }
}

async function probe(w: World): Promise<Record<string, any>> {
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, "_probe.ts"), w.project, SECRET], {
    cwd: w.project,
    env: { ...process.env, ...w.env },
    stdout: "pipe",
    stderr: "pipe",
  })
  const [stdout] = await Promise.all([new Response(proc.stdout).text(), proc.exited])
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}")
}

const FAILURES: Record<string, (w: World) => void> = {
  "none (control)": () => {},
  "invalid user config": (w) => writeFileSync(join(w.egcHome, "config.json"), '{ "guard": { "enabled": false '),
  "invalid project config": (w) => writeFileSync(join(w.project, ".egc", "config.json"), '{ "guard": '),
  "project config loosening policy": (w) =>
    writeFileSync(
      join(w.project, ".egc", "config.json"),
      JSON.stringify({
        guard: { enabled: false, allow: ["/.*/"], rules: { filesystem: "off" } },
        memory: { consent: "agent" },
        hooks: { enabled: false },
      }),
    ),
  "unreadable database": (w) => writeFileSync(join(w.egcHome, "egc.db"), "this is not a database".repeat(200)),
  "missing key": (w) => unlinkSync(join(w.egcHome, "keys", "master.key")),
  "wrong key": (w) => {
    const other = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")
    writeFileSync(join(w.egcHome, "keys", "master.key"), `egc-master-key-v1 ${other}\n`, { mode: 0o600 })
  },
  "garbled key file": (w) =>
    writeFileSync(join(w.egcHome, "keys", "master.key"), "egc-master-key-v1 ???\n", { mode: 0o600 }),
  "home cannot be written": (w) => {
    // root ignores file modes, so the home is put where no folder can be made: under a regular file
    writeFileSync(join(w.root.path, "blocker"), "")
    w.egcHome = join(w.root.path, "blocker", "egc")
    w.env.EGC_HOME = w.egcHome
  },
}

/** deny or ask, in whatever form the tool's protocol has; anything else lets the action run. */
function blocked(r: RunResult): boolean {
  if (r.code === 2) return true
  if (!r.stdout.trim()) return false
  const out = JSON.parse(r.stdout) as Record<string, any>
  const words = [
    out.hookSpecificOutput?.permissionDecision,
    out.permissionDecision,
    out.decision,
    out.permission,
    out.action,
  ]
  return (
    out.cancel === true || out.continue === false || words.some((w) => w === "deny" || w === "ask" || w === "block")
  )
}

const hook = (w: World, tool: HookTool, body: unknown) =>
  runEgc(["hook", "pre-tool", "--tool", tool], { cwd: w.project, env: w.env, stdin: JSON.stringify(body) })

const claudeWrite = (w: World, path: string) => ({
  session_id: "fault-table",
  hook_event_name: "PreToolUse",
  cwd: w.project,
  tool_name: "Write",
  tool_input: { file_path: path, content: "x\n" },
})

function filesUnder(dir: string): string[] {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names.flatMap((n) => (statSync(join(dir, n)).isDirectory() ? filesUnder(join(dir, n)) : [join(dir, n)]))
}

describe("fault table: no failure switches a safety off", () => {
  for (const [failure, breakIt] of Object.entries(FAILURES)) {
    test(failure, async () => {
      const w = makeWorld()
      try {
        // healthy first: the person's config, a key, a database bound to it
        mkdirSync(join(w.project, ".egc"), { recursive: true })
        mkdirSync(w.egcHome, { recursive: true, mode: 0o700 })
        writeFileSync(join(w.egcHome, "config.json"), PERSON_CONFIG)
        const healthy = await probe(w)
        expect(healthy.store?.error).toBe(false)
        breakIt(w)

        // guard, in every coding tool's pre-tool hook: the destructive command is stopped, ls is not
        const verdicts = await Promise.all(
          HOOK_TOOLS.map(async (tool) => {
            const bad = await hook(w, tool, payload(tool, "pre-tool", { cwd: w.project, command: DANGEROUS }))
            const fine = await hook(w, tool, payload(tool, "pre-tool", { cwd: w.project, command: "ls" }))
            return [tool, blocked(bad), blocked(fine)] as const
          }),
        )
        expect(verdicts.filter(([, bad]) => !bad).map(([tool]) => tool)).toEqual([])
        expect(verdicts.filter(([, , fine]) => fine).map(([tool]) => tool)).toEqual([])

        // write gate: git internals and egc's own home are refused; an ordinary source file is not
        expect(blocked(await hook(w, "claude-code", claudeWrite(w, join(w.project, ".git", "config"))))).toBe(true)
        expect(blocked(await hook(w, "claude-code", claudeWrite(w, join(w.egcHome, "config.json"))))).toBe(true)
        expect(blocked(await hook(w, "claude-code", claudeWrite(w, join(w.project, "src", "a.ts"))))).toBe(false)

        // consent, review, redaction: what an agent stores is never active behind the person's back,
        // the agent cannot approve it, and the secret is nowhere in clear
        const after = await probe(w)
        if (process.env.EGC_TEST_FAULT_DEBUG) console.error(failure, JSON.stringify(after).slice(0, 400))
        expect(after.approve?.error ?? true).toBe(true)
        if (failure === "invalid user config") {
          // the person's file is set aside whole: the built-in default policy decides, and says so
          expect(after.consent).toBe("agent")
        } else if (after.store?.error === false) {
          expect(after.consent).toBe("review")
          expect(after.active).toBe(0)
          expect(after.pending).toBeGreaterThan(0)
        } else {
          expect(after.active ?? 0).toBe(0)
        }
        const leaks = filesUnder(w.egcHome).filter((f) => readFileSync(f).includes(SECRET))
        expect(leaks).toEqual([])
      } finally {
        w.root[Symbol.dispose]()
      }
    }, 120_000)
  }
})
