import { describe, expect, test } from "bun:test"
import type { CommandDef } from "citty"
import { commands } from "../../src/cli/commands"
import { runSource } from "./_egc"

/** Every command path reachable from the lazy map, subcommands included (so a new one cannot be left out). */
async function walk(): Promise<string[][]> {
  const out: string[][] = []
  const visit = async (cmd: CommandDef<any>, path: string[]) => {
    out.push(path)
    const raw = typeof cmd.subCommands === "function" ? await cmd.subCommands() : await cmd.subCommands
    for (const [name, sub] of Object.entries(raw ?? {})) {
      const def = (typeof sub === "function" ? await sub() : await sub) as CommandDef<any>
      await visit(def, [...path, name])
    }
  }
  for (const [name, load] of Object.entries(commands)) await visit(await load(), [name])
  return out
}

const FLAG = "--egc-no-such-flag"

describe("strict flags on every command", () => {
  test("an unknown flag exits 64 and names the flag, on every command and subcommand", async () => {
    const paths = await walk()
    // the walk really reaches subcommands of both kinds (eager objects and lazy loaders)
    for (const p of [["memory", "list"], ["mesh", "peers"], ["crush", "show"], ["guard"], ["serve"]])
      expect(paths).toContainEqual(p)
    // guard's actions are its own words, not citty subcommands; a flag before `--` must not be swallowed either
    const rows = [
      ...paths.map((p) => [...p, FLAG]),
      ["guard", "check", FLAG, "ls"],
      ["guard", "explain", FLAG, "ls"],
      ["guard", "log", FLAG],
      ["guard", FLAG, "--", "true"],
      ["crush", FLAG, "--", "true"],
    ]
    const failures: string[] = []
    for (const argv of rows) {
      const r = await runSource(argv)
      if (r.code !== 64 || !r.stderr.includes(FLAG))
        failures.push(`egc ${argv.join(" ")} → ${r.code}: ${r.stderr.slice(0, 200)}`)
    }
    expect(failures).toEqual([])
  }, 120_000)

  test("valid flags still work beside the refused ones (positive controls)", async () => {
    expect((await runSource(["version", "--json"])).code).toBe(0)
    const noRecord = await runSource(["guard", "log", "--limit", "5", "--json"])
    expect(noRecord.code).toBe(0)
    expect((await runSource(["version", "--json=nope"])).code).toBe(64)
  }, 60_000)

  test("extra words, missing values and bad values exit 64", async () => {
    const cases: Array<[string[], string]> = [
      [["version", "extra"], "unexpected argument 'extra'"],
      [["mesh", "peers", "extra"], "unexpected argument 'extra'"],
      [["memory", "list", "--status"], "--status needs a value"],
      [["memory", "frobnicate"], "unknown subcommand 'frobnicate'"],
      [["guard", "log", "--limit", "lots"], "--limit must be a whole number"],
      [["guard", "log", "extra"], "log takes no command"],
      [["guard", "check", "--no-record", "ls", "-la"], "unknown flag '-la'"],
      [["guard", "check", "--no-record", "ls", "extra"], "unexpected argument 'extra'"],
      [["guard", "--limit", "5", "--", "true"], "does not take --limit"],
    ]
    for (const [argv, message] of cases) {
      const r = await runSource(argv)
      expect({ argv, code: r.code, has: r.stderr.includes(message) }).toEqual({ argv, code: 64, has: true })
    }
  }, 60_000)
})
