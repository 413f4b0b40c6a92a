import { describe, expect, test } from "bun:test"
import { chmodSync, existsSync, lstatSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join, relative, resolve } from "node:path"
import { egcBinary, runEgc } from "./_binary"
import { installedHome, prepareHome } from "./_installed-home"

const TOOLS = ["claude-code", "codex", "gemini", "qwen", "opencode"]
const BIN_DIR = resolve(import.meta.dir, "../../node_modules/.bin")
const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "")

async function client(
  name: string,
  args: string[],
  opts: { cwd: string; env: Record<string, string> },
): Promise<string> {
  const proc = Bun.spawn([join(BIN_DIR, name), ...args], {
    cwd: opts.cwd,
    env: { ...(process.env as Record<string, string>), ...opts.env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  })
  const timer = setTimeout(() => proc.kill(), 90_000)
  const [out, err] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  clearTimeout(timer)
  return stripAnsi(`${out}\n${err}`)
}

/** A wrapper binary that notes each call's arguments, then runs the real egc. */
async function callRecorder(dir: string): Promise<{ calls: string; wrapper: string }> {
  const calls = join(dir, "calls.log")
  const wrapper = join(dir, "egc wrapper")
  writeFileSync(wrapper, `#!/bin/sh\necho "$@" >> '${calls}'\nexec '${await egcBinary()}' "$@"\n`)
  chmodSync(wrapper, 0o755)
  return { calls, wrapper }
}

function tree(root: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name)
      const st = lstatSync(p)
      out[relative(root, p)] = st.isDirectory() ? "dir" : readFileSync(p, "base64")
      if (st.isDirectory()) walk(p)
    }
  }
  if (existsSync(root)) walk(root)
  return out
}

describe("egc install, proved by the tools themselves", () => {
  test("claude, gemini, qwen and opencode report egc connected; codex lists it enabled", async () => {
    using h = await installedHome(TOOLS)
    const bin = await egcBinary()
    const opts = { cwd: h.project, env: h.env }
    const [claude, gemini, qwen, opencode, codex] = await Promise.all([
      client("claude", ["mcp", "list"], opts),
      client("gemini", ["mcp", "list"], opts),
      client("qwen", ["mcp", "list"], opts),
      client("opencode", ["mcp", "list"], opts),
      client("codex", ["mcp", "list"], opts),
    ])
    expect(claude).toMatch(new RegExp(`egc: ${bin} serve - ✔ Connected`))
    expect(gemini).toMatch(/✓ egc: .* - Connected/)
    expect(qwen).toMatch(/✓ egc: .* - Connected/)
    expect(opencode).toMatch(/✓ egc\s.*connected/i)
    expect(codex).toMatch(new RegExp(`egc\\s+${bin}\\s+serve\\s.*enabled`))
    const settings = readFileSync(join(h.home, ".gemini", "settings.json"), "utf8")
    expect(settings).toContain("// written by the user before the install")
  }, 180_000)

  test("Claude Code runs egc's hooks from a home configured by egc install alone", async () => {
    using h = prepareHome(["claude-code"])
    const { calls, wrapper } = await callRecorder(h.tmp.path)
    expect(
      (await runEgc(["install", "--yes", "--target", "claude-code", "--bin", wrapper], { cwd: h.project, env: h.env }))
        .code,
    ).toBe(0)
    const out = await client("claude", ["-p", "hello from the install test"], { cwd: h.project, env: h.env })
    expect(out).toContain("Not logged in")
    expect(out).not.toMatch(/hook .*failed/i)
    const lines = readFileSync(calls, "utf8").split("\n")
    expect(lines).toContain("hook session-start --tool claude-code")
    expect(lines).toContain("hook prompt-submit --tool claude-code")
  }, 120_000)

  test("Gemini CLI and Qwen Code run egc's hooks from the settings egc install wrote", async () => {
    using h = prepareHome(["gemini", "qwen"])
    const quiet =
      '{\n  "security": { "auth": { "selectedType": "gemini-api-key" }, "folderTrust": { "enabled": false } },\n  "general": { "disableAutoUpdate": true, "disableUpdateNag": true },\n  "privacy": { "usageStatisticsEnabled": false }\n}\n'
    writeFileSync(join(h.home, ".gemini", "settings.json"), quiet)
    writeFileSync(join(h.home, ".qwen", "settings.json"), quiet)
    const { calls, wrapper } = await callRecorder(h.tmp.path)
    const inst = await runEgc(["install", "--yes", "--target", "gemini,qwen", "--bin", wrapper], {
      cwd: h.project,
      env: h.env,
    })
    expect(inst.code).toBe(0)
    // a loopback "model" that refuses every request: the session starts, the prompt is submitted, the call fails fast
    using model = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: () =>
        Response.json({ error: { code: 400, message: "no model here", status: "INVALID_ARGUMENT" } }, { status: 400 }),
    })
    const url = `http://127.0.0.1:${model.port}`
    const offline = {
      ...h.env,
      GEMINI_API_KEY: "test",
      GOOGLE_GEMINI_BASE_URL: url,
      OPENAI_API_KEY: "test",
      OPENAI_BASE_URL: `${url}/v1`,
    }
    await client("gemini", ["-p", "hello"], { cwd: h.project, env: offline })
    const gemini = readFileSync(calls, "utf8").split("\n")
    expect(gemini).toContain("hook session-start --tool gemini")
    expect(gemini).toContain("hook prompt-submit --tool gemini")
    writeFileSync(calls, "")
    await client("qwen", ["-p", "hello", "--auth-type", "openai"], { cwd: h.project, env: offline })
    const qwen = readFileSync(calls, "utf8").split("\n")
    expect(qwen).toContain("hook session-start --tool qwen")
    expect(qwen).toContain("hook prompt-submit --tool qwen")
  }, 120_000)

  test("install then uninstall leaves every file byte-identical", async () => {
    using h = prepareHome(TOOLS)
    const before = tree(h.home)
    const inst = await runEgc(["install", "--yes"], { cwd: h.project, env: h.env })
    expect(inst.code).toBe(0)
    expect(tree(h.home)).not.toEqual(before)
    const un = await runEgc(["uninstall"], { cwd: h.project, env: h.env })
    expect(un.code).toBe(0)
    expect(tree(h.home)).toEqual(before)
  }, 60_000)

  test("after the clients ran and changed their own files, uninstall still removes every egc entry", async () => {
    using h = await installedHome(["claude-code", "gemini"])
    await client("claude", ["mcp", "list"], { cwd: h.project, env: h.env })
    const bin = await egcBinary()
    const un = await runEgc(["uninstall", "--json"], { cwd: h.project, env: h.env })
    expect(un.code).toBe(0)
    for (const [path, text] of Object.entries(tree(h.home))) {
      if (text === "dir" || path.includes("/projects/") || path.includes("/shell-snapshots/")) continue
      expect(Buffer.from(text, "base64").toString("utf8")).not.toContain(`${bin} hook`)
    }
    expect(readFileSync(join(h.home, ".gemini", "settings.json"), "utf8")).not.toContain("egc")
  }, 120_000)
})
