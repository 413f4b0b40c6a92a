import { describe, expect, test } from "bun:test"
import type { CommandDef } from "citty"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { commands } from "../../src/cli/commands"
import { tmpdir } from "../fixture"
import { runSource } from "./_egc"

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts")
const ESC = "\u001b["

/** Every command path that declares --json (the walk reaches subcommands, eager and lazy). */
async function jsonCommands(): Promise<string[][]> {
  const out: string[][] = []
  const visit = async (cmd: CommandDef<any>, path: string[]) => {
    const args = (typeof cmd.args === "function" ? await cmd.args() : await cmd.args) ?? {}
    if ("json" in args) out.push(path)
    const raw = typeof cmd.subCommands === "function" ? await cmd.subCommands() : await cmd.subCommands
    for (const [name, sub] of Object.entries(raw ?? {}))
      await visit((typeof sub === "function" ? await sub() : await sub) as CommandDef<any>, [...path, name])
  }
  for (const [name, load] of Object.entries(commands)) await visit(await load(), [name])
  return out
}

/** `bun run src/main.ts …` on a pseudo-terminal (script(1)); stdout and stderr both arrive on it. */
async function onTerminal(args: string, env: Record<string, string | undefined> = {}): Promise<string> {
  const merged: Record<string, string> = {}
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) merged[k] = v
  const proc = Bun.spawn(["script", "-qfec", `${process.execPath} run ${MAIN} ${args}`, "/dev/null"], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
    env: merged,
  })
  proc.stdin.end()
  const [, out] = await Promise.all([proc.exited, new Response(proc.stdout).text()])
  return out
}
const hasScript = existsSync("/usr/bin/script")

describe("--json prints JSON on stdout, errors included", () => {
  test("every command that takes --json answers a usage error as {error:{code,message,hint}} on stdout", async () => {
    const paths = await jsonCommands()
    expect(paths).toContainEqual(["status"])
    expect(paths).toContainEqual(["memory", "list"])
    const failures: string[] = []
    for (const path of paths) {
      const r = await runSource([...path, "--json", "--egc-no-such-flag"])
      let parsed: { error?: { code?: string; message?: string; hint?: string } } = {}
      try {
        parsed = JSON.parse(r.stdout)
      } catch {
        // reported below
      }
      const e = parsed.error
      if (
        r.code !== 64 ||
        e?.code !== "E_USAGE" ||
        !e.message?.includes("--egc-no-such-flag") ||
        !e.hint?.includes(`egc ${path.join(" ")} --help`)
      ) {
        failures.push(`egc ${path.join(" ")} → ${r.code}: ${r.stdout.slice(0, 200)}`)
      }
    }
    expect(failures).toEqual([])
  }, 180_000)

  test("a failure after parsing is JSON too, with its own code; without --json stdout stays empty", async () => {
    using dir = tmpdir({ git: { origin: "https://example.com/cli/json-errors.git" } })
    const missing = await runSource(["memory", "show", "m_ZZZZZZ", "--json", "--cwd", dir.path])
    expect(missing.code).toBe(66)
    expect(JSON.parse(missing.stdout).error.code).toBe("E_NOT_FOUND")
    const plain = await runSource(["memory", "show", "m_ZZZZZZ", "--cwd", dir.path])
    expect(plain.code).toBe(66)
    expect(plain.stdout).toBe("")
    expect(plain.stderr).toContain("[E_NOT_FOUND]")
    // positive control: a success under --json is the data itself
    const ok = await runSource(["status", "--json", "--cwd", dir.path])
    expect(ok.code).toBe(0)
    expect(JSON.parse(ok.stdout).project.root).toBe(dir.path)
    const unknown = await runSource(["nope", "--json"])
    expect(JSON.parse(unknown.stdout).error.code).toBe("E_USAGE")
    // the guard parses its own words; its usage errors are JSON too
    const guard = await runSource(["guard", "check", "--json"])
    expect(guard.code).toBe(64)
    expect(JSON.parse(guard.stdout).error.message).toContain("check takes one command")
    // after `--`, --json belongs to the command being run, not to egc: no JSON error is invented
    const wrapped = await runSource(["crush", "--", "false", "--json"])
    expect(wrapped.stdout).not.toContain('"error"')
  }, 60_000)
})

describe("usage hints name the real command", () => {
  test("a missing argument's hint is the command's own --help", async () => {
    const r = await runSource(["memory", "add"])
    expect(r.code).toBe(64)
    expect(r.stderr).toContain("see: egc memory add --help")
    expect(r.stderr).not.toContain("<command>")
    const top = await runSource(["context", "--limit"])
    expect(top.stderr).toContain("see: egc context --help")
  }, 60_000)
})

describe("colour", () => {
  test("none when piped, none with NO_COLOR or FORCE_COLOR=0 on a terminal; there by default on a terminal or with FORCE_COLOR", async () => {
    using dir = tmpdir({ git: { origin: "https://example.com/cli/colour.git" } })
    const add = (n: number) => ["memory", "add", `colour-test-${n}`, "--cwd", dir.path]
    const piped = await runSource(add(1), { env: { NO_COLOR: undefined, NODE_ENV: undefined } })
    expect(piped.code).toBe(0)
    expect(piped.stderr).toContain("stored")
    expect(piped.stderr).not.toContain(ESC)
    expect(
      (await runSource(add(2), { env: { NO_COLOR: undefined, NODE_ENV: undefined, FORCE_COLOR: "1" } })).stderr,
    ).toContain(ESC)
    if (!hasScript) return console.warn("skipped the terminal half: no script(1)")
    const args = (n: number) => add(n).join(" ")
    expect(await onTerminal(args(3), { NO_COLOR: undefined, NODE_ENV: undefined })).toContain(ESC)
    expect(await onTerminal(args(4), { NO_COLOR: "1", NODE_ENV: undefined })).not.toContain(ESC)
    expect(await onTerminal(args(5), { NO_COLOR: undefined, NODE_ENV: undefined, FORCE_COLOR: "0" })).not.toContain(ESC)
    // stdout on the terminal, stderr into a file: the file gets no colour
    using out = tmpdir()
    const file = join(out.path, "err.txt")
    await onTerminal(`${args(6)} 2>${file}`, { NO_COLOR: undefined, NODE_ENV: undefined })
    const text = await Bun.file(file).text()
    expect(text).toContain("stored")
    expect(text).not.toContain(ESC)
  }, 60_000)
})

describe("egc serve by hand", () => {
  test("on a terminal it says what it is in one stderr line; started by a tool (piped) it says nothing", async () => {
    const piped = await runSource(["serve"])
    expect(piped.stderr).not.toContain("egc serve:")
    expect(piped.stdout).toBe("")
    if (!hasScript) return console.warn("skipped: no script(1)")
    const shown = await onTerminal("serve")
    expect(shown.split("\n").filter((l) => l.startsWith("egc serve: the egc MCP server"))).toHaveLength(1)
  }, 60_000)
})
