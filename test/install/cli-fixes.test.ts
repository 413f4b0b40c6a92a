import { describe, expect, test } from "bun:test"
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { mergeHooks, readJsonc, setJson } from "../../src/install/edit/json"
import { geminiTrust } from "../../src/install/gemini-trust"
import { VERSION } from "../../src/version"
import { runSource } from "../cli/_egc"
import { tmpdir } from "../fixture"

const USER = `{
  // my settings
  "theme": "dark",
  "mcpServers": { "mine": { "command": "foo", "args": ["a","b"] } },
  "hooks": {
    "PreToolUse": [ { "matcher": "Bash", "hooks": [ { "type": "command", "command": "my-check" } ] } ],
    "Stop": [{"hooks":[{"type":"command","command":"notify"}]}]
  }
}
`

describe("JSONC edits touch only egc's keys", () => {
  test("the user's own one-line entries come back byte for byte; egc's entries are in and parse", () => {
    let out = setJson(USER, ["mcpServers", "egc"], { command: "/x/egc", args: ["serve"] })
    out = mergeHooks(out, ["hooks"], {
      PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command: "egc hook pre-tool --tool claude-code" }] }],
      Stop: [{ hooks: [{ type: "command", command: "egc hook stop --tool claude-code" }] }],
    })
    out = setJson(out, ["mcpServers", "egc"], { command: "/y/egc", args: ["serve"] })
    for (const mine of [
      '"mine": { "command": "foo", "args": ["a","b"] }',
      '{ "matcher": "Bash", "hooks": [ { "type": "command", "command": "my-check" } ] }',
      '{"hooks":[{"type":"command","command":"notify"}]}',
      "// my settings",
    ]) {
      expect(out).toContain(mine)
    }
    const parsed = readJsonc(out) as Record<string, any>
    expect(parsed.mcpServers.egc).toEqual({ command: "/y/egc", args: ["serve"] })
    expect(parsed.hooks.PreToolUse.map((h: any) => h.matcher)).toEqual(["Bash", "*"])
    expect(out.split("\n").length).toBe(USER.split("\n").length)
  })

  test("positive control: in a multi-line file egc's entry gets its own lines at the siblings' indentation", () => {
    const text = '{\n    "a": 1, // keep\n    "mcpServers": {\n        "mine": {"command": "x"}\n    }\n}\n'
    const out = setJson(text, ["mcpServers", "egc"], { command: "/x/egc" })
    expect(out).toBe(
      '{\n    "a": 1, // keep\n    "mcpServers": {\n        "mine": {"command": "x"},\n        "egc": {\n            "command": "/x/egc"\n        }\n    }\n}\n',
    )
    expect(setJson("", ["mcp", "egc"], { command: "egc" })).toBe(
      '{\n  "mcp": {\n    "egc": {\n      "command": "egc"\n    }\n  }\n}\n',
    )
  })
})

describe("gemini folder trust", () => {
  test("off unless enabled; the most specific rule decides; TRUST_PARENT covers siblings", () => {
    using dir = tmpdir()
    const home = join(dir.path, "home")
    const project = join(dir.path, "work", "app")
    mkdirSync(join(home, ".gemini"), { recursive: true })
    expect(geminiTrust(home, project)).toBe("off")
    writeFileSync(
      join(home, ".gemini", "settings.json"),
      JSON.stringify({ security: { folderTrust: { enabled: true } } }),
    )
    expect(geminiTrust(home, project)).toBe("unknown")
    const rules = (r: Record<string, string>) =>
      writeFileSync(join(home, ".gemini", "trustedFolders.json"), JSON.stringify(r))
    rules({ [project]: "TRUST_FOLDER" })
    expect(geminiTrust(home, project)).toBe("trusted")
    rules({ [join(dir.path, "work", "other")]: "TRUST_PARENT" })
    expect(geminiTrust(home, project)).toBe("trusted")
    rules({ [join(dir.path, "work")]: "TRUST_FOLDER", [project]: "DO_NOT_TRUST" })
    expect(geminiTrust(home, project)).toBe("untrusted")
    expect(geminiTrust(home, join(dir.path, "work", "lib"))).toBe("trusted")
  })
})

/** A stand-in egc on PATH: prints this version, answers nothing else (no destructive command anywhere). */
function egcOnPath(dir: string): string {
  const bin = join(dir, "egc")
  mkdirSync(dir, { recursive: true })
  writeFileSync(bin, `#!/bin/sh\necho "${VERSION}"\n`)
  chmodSync(bin, 0o755)
  return bin
}

describe("egc install from the command line", () => {
  test("--scope project writes `egc` when PATH has it, and warns and writes the path when it does not", async () => {
    using dir = tmpdir({ git: { origin: "https://example.com/cli/install-scope.git" } })
    using other = tmpdir({ git: { origin: "https://example.com/cli/install-scope-b.git" } })
    const binDir = join(dir.path, ".bin")
    const bin = egcOnPath(binDir)
    const env = { PATH: `${binDir}:/usr/bin:/bin` }
    const args = (cwd: string) => [
      "install",
      "--scope",
      "project",
      "--target",
      "claude-code",
      "--yes",
      "--bin",
      bin,
      "--cwd",
      cwd,
    ]
    const ok = await runSource(args(dir.path), { env })
    expect(ok.code).toBe(0)
    expect(JSON.parse(readFileSync(join(dir.path, ".mcp.json"), "utf8")).mcpServers.egc.command).toBe("egc")
    expect(readFileSync(join(dir.path, ".claude", "settings.json"), "utf8")).toContain(
      '"egc hook pre-tool --tool claude-code"',
    )
    const warned = await runSource(args(other.path), { env: { PATH: "/usr/bin:/bin" } })
    expect(warned.code).toBe(0)
    expect(warned.stderr).toContain("egc is not on PATH")
    expect(JSON.parse(readFileSync(join(other.path, ".mcp.json"), "utf8")).mcpServers.egc.command).toBe(bin)
  }, 60_000)

  test("doctor checks that the `egc` a project file runs is on PATH", async () => {
    using dir = tmpdir({ git: { origin: "https://example.com/cli/install-doctor.git" } })
    const binDir = join(dir.path, ".bin")
    const bin = egcOnPath(binDir)
    const withEgc = { PATH: `${binDir}:/usr/bin:/bin` }
    expect(
      (
        await runSource(
          ["install", "--scope", "project", "--target", "claude-code", "--yes", "--bin", bin, "--cwd", dir.path],
          { env: withEgc },
        )
      ).code,
    ).toBe(0)
    const lineOf = (out: string) =>
      (JSON.parse(out) as Array<{ name: string; status: string; detail: string }>).filter(
        (c) => c.name === "install bin",
      )
    const found = lineOf((await runSource(["doctor", "--json", "--cwd", dir.path], { env: withEgc })).stdout)
    expect(found.map((c) => c.status)).toContain("ok")
    const missing = lineOf(
      (await runSource(["doctor", "--json", "--cwd", dir.path], { env: { PATH: "/usr/bin:/bin" } })).stdout,
    )
    expect(missing.find((c) => c.detail.includes("not on PATH"))?.status).toBe("fail")
  }, 60_000)

  test("--dry-run with no coding tool detected says nothing would be written", async () => {
    using dir = tmpdir({ git: { origin: "https://example.com/cli/install-none.git" } })
    const home = join(dir.path, "empty-home")
    mkdirSync(home)
    const bin = egcOnPath(join(dir.path, ".bin"))
    const r = await runSource(["install", "--dry-run", "--bin", bin, "--cwd", dir.path], {
      env: { HOME: home, PATH: "/nonexistent" },
    })
    expect(r.code).toBe(0)
    expect(r.stderr).toContain("no coding tool detected; nothing would be written")
    // positive control: a named target is planned, and nothing is said about detection
    const named = await runSource(
      ["install", "--dry-run", "--target", "claude-code", "--bin", bin, "--cwd", dir.path],
      { env: { HOME: home, PATH: "/nonexistent" } },
    )
    expect(named.stderr).not.toContain("no coding tool detected")
    expect(named.stdout).toContain("claude")
  }, 60_000)

  test("doctor shows progress on a terminal's stderr only", async () => {
    const piped = await runSource(["doctor"])
    expect(piped.stderr).not.toContain("egc doctor: checking")
    if (!Bun.which("script")) return console.warn("skipped: no script(1) for a pseudo-terminal")
    const main = join(import.meta.dir, "..", "..", "src", "main.ts")
    const proc = Bun.spawn(["script", "-qfec", `${process.execPath} run ${main} doctor`, "/dev/null"], {
      stdin: "pipe",
      stdout: "pipe",
      env: process.env,
    })
    proc.stdin.end()
    const [, out] = await Promise.all([proc.exited, new Response(proc.stdout).text()])
    expect(out).toContain("egc doctor: checking install")
  }, 60_000)
})
