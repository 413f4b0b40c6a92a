import { describe, expect, test } from "bun:test"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { commands } from "../../src/cli/commands"
import { configJsonSchema } from "../../src/core/config-json-schema"
import { renderCatalog, scanRules } from "../../scripts/guard-rules"
import { tmpdir } from "../fixture"
import { runSource } from "./_egc"

const ROOT = join(import.meta.dir, "..", "..")
const which = (name: string) => Bun.which(name)

describe("egc config", () => {
  test("path names both files; show gives each value's source; validate finds nothing wrong in a good file", async () => {
    using dir = tmpdir({
      git: { origin: "https://example.com/cli/config-a.git" },
      files: { ".egc/config.json": JSON.stringify({ crush: { keepHours: 2 } }) },
    })
    const path = JSON.parse((await runSource(["config", "path", "--json", "--cwd", dir.path])).stdout)
    expect(path).toEqual([
      { source: "user", path: join(process.env.EGC_HOME!, "config.json"), exists: false },
      { source: "project", path: join(dir.path, ".egc", "config.json"), exists: true },
    ])
    const shown = await runSource(["config", "show", "--json", "--cwd", dir.path], { env: { EGC_CONSENT: "review" } })
    expect(shown.code).toBe(0)
    const s = JSON.parse(shown.stdout)
    expect(s.config.crush.keepHours).toBe(2)
    expect(s.origins["crush.keepHours"]).toBe(join(dir.path, ".egc", "config.json"))
    expect(s.origins["memory.consent"]).toBe("environment (EGC_*)")
    expect(s.origins["guard.enabled"]).toBe("default")
    const ok = await runSource(["config", "validate", "--cwd", dir.path])
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain("ok: ")
  }, 60_000)

  test("validate names file, field and line:col for a bad value, an unknown key and broken JSON (exit 78)", async () => {
    const bad = '{\n  "guard": {\n    "rules": { "git": "nope" },\n    "bogus": 1\n  }\n}\n'
    using dir = tmpdir({ git: { origin: "https://example.com/cli/config-b.git" }, files: { ".egc/config.json": bad } })
    using broken = tmpdir({
      git: { origin: "https://example.com/cli/config-c.git" },
      files: { ".egc/config.json": '{ "crush": { "keepHours": 2 }, }' },
    })
    const file = join(dir.path, ".egc", "config.json")
    const r = await runSource(["config", "validate", "--cwd", dir.path])
    expect(r.code).toBe(78)
    expect(r.stderr).toContain(`${file}:3:16: guard.rules.git:`)
    expect(r.stderr).toContain(`${file}:4:5: guard.bogus: Unrecognized key`)
    const j = await runSource(["config", "validate", "--json", "--cwd", broken.path])
    expect(j.code).toBe(78)
    const e = JSON.parse(j.stdout).error
    expect(e.code).toBe("E_CONFIG")
    expect(e.details.join("\n")).toContain(`${join(broken.path, ".egc", "config.json")}:1:32: JSON:`)
  }, 60_000)

  test("schemas/config.schema.json is the one generated from the zod schema, and it describes every section", () => {
    const committed = JSON.parse(readFileSync(join(ROOT, "schemas", "config.schema.json"), "utf8"))
    // stale? regenerate with: npx bun run scripts/config-schema.ts
    expect(committed).toEqual(JSON.parse(JSON.stringify(configJsonSchema())))
    expect(Object.keys(committed.properties).sort()).toEqual([
      "$schema",
      "crush",
      "guard",
      "hooks",
      "mcp",
      "memory",
      "mesh",
      "release",
      "sync",
    ])
    expect(committed.properties.memory.properties.rememberPrompt.enum).toEqual(["active", "pending"])
    expect(committed.properties.sync.properties.autoPush).toMatchObject({ type: "boolean", default: false })
  })
})

describe("egc guard rules", () => {
  test("every rule id with its pack and level; a configured level shows, by id and by pack", async () => {
    using dir = tmpdir({
      git: { origin: "https://example.com/cli/rules.git" },
      files: { ".egc/config.json": JSON.stringify({ guard: { rules: { "git.reset-hard": "ask", db: "deny" } } }) },
    })
    using plain = tmpdir({ git: { origin: "https://example.com/cli/rules-plain.git" } })
    // ask is looser than the built-in deny: a project file applies it only once the person trusts it
    const untrusted = JSON.parse((await runSource(["guard", "rules", "--json", "--cwd", dir.path])).stdout)
      .rules as Array<Record<string, string>>
    expect(untrusted.find((r) => r.id === "git.reset-hard")).toMatchObject({ level: "deny", source: "built-in" })
    expect((await runSource(["trust", "--cwd", dir.path])).code).toBe(0)
    const rows = JSON.parse((await runSource(["guard", "rules", "--json", "--cwd", dir.path])).stdout).rules as Array<
      Record<string, string>
    >
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]))
    expect(byId["git.reset-hard"]).toEqual({
      id: "git.reset-hard",
      pack: "git",
      builtin: "deny",
      level: "ask",
      source: "config",
    })
    expect(byId["db.update-all"]).toMatchObject({ builtin: "ask", level: "deny", source: "config" })
    expect(byId["git.clean-force"]).toMatchObject({ level: byId["git.clean-force"]!.builtin, source: "built-in" })
    const control = JSON.parse((await runSource(["guard", "rules", "--json", "--cwd", plain.path])).stdout)
      .rules as Array<Record<string, string>>
    expect(control.find((r) => r.id === "git.reset-hard")).toMatchObject({ level: "deny", source: "built-in" })
    expect((await runSource(["guard", "rules", "extra"])).code).toBe(64)
  }, 60_000)

  test("the rule catalogue is current with the guard's source (regenerate: npx bun run scripts/guard-rules.ts)", () => {
    expect(readFileSync(join(ROOT, "src", "guard", "rule-catalog.ts"), "utf8")).toBe(renderCatalog(scanRules()))
    expect(scanRules().length).toBeGreaterThan(50)
  })
})

describe("egc completions", () => {
  const scriptOf = async (shell: string) => {
    const r = await runSource(["completions", shell])
    expect(r.code).toBe(0)
    return r.stdout
  }

  test("each script parses in its shell (bash -n, zsh -n, fish -n when installed) and names every command", async () => {
    using dir = tmpdir()
    for (const shell of ["bash", "zsh", "fish"]) {
      const text = await scriptOf(shell)
      for (const name of Object.keys(commands)) expect(text).toContain(name)
      const file = join(dir.path, `egc.${shell}`)
      writeFileSync(file, text)
      if (!which(shell)) {
        console.warn(`skipped: ${shell} is not installed, so ${shell} -n cannot check the ${shell} script`)
        continue
      }
      const p = Bun.spawnSync([shell, "-n", file], { stderr: "pipe" })
      expect({ shell, code: p.exitCode, err: p.stderr.toString() }).toEqual({ shell, code: 0, err: "" })
    }
    expect((await runSource(["completions", "tcsh"])).code).toBe(64)
  }, 60_000)

  test("bash completes subcommands, flags and enum values from the command tree", async () => {
    if (!which("bash")) return console.warn("skipped: no bash")
    using dir = tmpdir()
    const file = join(dir.path, "egc.bash")
    writeFileSync(file, await scriptOf("bash"))
    const complete = (...words: string[]) => {
      const arr = words.map((w) => `'${w}'`).join(" ")
      const p = Bun.spawnSync([
        "bash",
        "-c",
        `source '${file}'; COMP_WORDS=(${arr}); COMP_CWORD=${words.length - 1}; _egc; echo "\${COMPREPLY[*]}"`,
      ])
      return p.stdout.toString().trim().split(" ").filter(Boolean)
    }
    expect(complete("egc", "mem")).toEqual(["memory"])
    expect(complete("egc", "memory", "ap")).toEqual(["approve"])
    expect(complete("egc", "memory", "approve", "--")).toContain("--all-pending")
    expect(complete("egc", "memory", "add", "--scope", "")).toEqual(["branch", "project", "global"])
    expect(complete("egc", "guard", "ru")).toEqual(["rules"])
    expect(complete("egc", "config", "")).toEqual(["show", "validate", "path", "schema"])
    // after `--` the words belong to the wrapped command: nothing is offered
    expect(complete("egc", "guard", "--", "")).toEqual([])
  }, 60_000)

  test("zsh offers the same candidates from the same walk (zsh's completion builtins stubbed)", async () => {
    if (!which("zsh")) return console.warn("skipped: no zsh")
    using dir = tmpdir()
    const file = join(dir.path, "_egc")
    writeFileSync(file, await scriptOf("zsh"))
    // _describe prints each item's name (names have no colon: the first one ends it), compadd its words
    const stubs = [
      "compdef() { :; }",
      '_describe() { local i; for i in "${(@P)4}"; do print -r -- "${i%%:*}"; done; }',
      'compadd() { shift; print -rl -- "$@"; }',
      "_files() { print -r -- FILES; }",
    ].join("\n")
    const complete = (...words: string[]) => {
      const arr = words.map((w) => `'${w}'`).join(" ")
      const script = `${stubs}\nsource '${file}'\nwords=(${arr}); CURRENT=${words.length}; _egc`
      const p = Bun.spawnSync(["zsh", "-f", "-c", script], { stderr: "pipe" })
      expect(p.stderr.toString()).toBe("")
      const offered = p.stdout.toString().split("\n").filter(Boolean)
      const prefix = words[words.length - 1] ?? ""
      return offered.filter((w) => w.startsWith(prefix) || w === "FILES")
    }
    expect(complete("egc", "mem")).toEqual(["memory"])
    expect(complete("egc", "memory", "ap")).toEqual(["approve"])
    expect(complete("egc", "memory", "approve", "--")).toContain("--all-pending")
    expect(complete("egc", "memory", "add", "--scope", "")).toEqual(["branch", "project", "global"])
    expect(complete("egc", "config", "")).toEqual(["show", "validate", "path", "schema"])
    expect(complete("egc", "guard", "--", "")).toEqual([])
  }, 60_000)
})
