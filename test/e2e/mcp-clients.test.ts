import { describe, expect, test } from "bun:test"
import { mkdirSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { egcBinary } from "./_binary"
import { tmpdir } from "../fixture"

/** Independent clients: the MCP Inspector CLI, Claude Code and Gemini CLI, each with a temporary HOME. */
const BIN = resolve(import.meta.dir, "../../node_modules/.bin")

async function run(cmd: string[], cwd: string, home: string): Promise<{ code: number; out: string }> {
  const env = { PATH: process.env.PATH ?? "", HOME: home, EGC_HOME: join(home, ".egc"), NO_COLOR: "1", CI: "1" }
  const proc = Bun.spawn(cmd, { cwd, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" })
  const [code, out, err] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ])
  return { code, out: out + err }
}

describe("real MCP clients against the compiled egc serve", () => {
  test("mcp-inspector --cli lists the tools and calls one", async () => {
    using dir = tmpdir({ git: true })
    const bin = await egcBinary()
    const list = await run(
      [join(BIN, "mcp-inspector"), "--cli", bin, "serve", "--tools", "full", "--method", "tools/list"],
      dir.path,
      dir.path,
    )
    expect(list.code).toBe(0)
    const names = (JSON.parse(list.out).tools as Array<{ name: string }>).map((t) => t.name)
    expect(names).toEqual(expect.arrayContaining(["claim_path", "session_peers", "server_health"]))
    const call = await run(
      [
        join(BIN, "mcp-inspector"),
        "--cli",
        bin,
        "serve",
        "--tools",
        "full",
        "--method",
        "tools/call",
        "--tool-name",
        "claim_path",
        "--tool-arg",
        "path=src/a.ts",
      ],
      dir.path,
      dir.path,
    )
    expect(call.code).toBe(0)
    expect(JSON.parse(call.out).structuredContent).toMatchObject({
      claimed: true,
      claim: { path: "src/a.ts", tool: "inspector-cli" },
    })
    const refused = await run(
      [
        join(BIN, "mcp-inspector"),
        "--cli",
        bin,
        "serve",
        "--tools",
        "full",
        "--method",
        "tools/call",
        "--tool-name",
        "claim_path",
        "--tool-arg",
        "path=**",
      ],
      dir.path,
      dir.path,
    )
    expect(refused.out).toMatch(/"isError": true/)
    expect(refused.out).toMatch(/matches \(nearly\) everything/)
  }, 60_000)

  test("claude mcp list reports egc connected", async () => {
    using home = tmpdir()
    using dir = tmpdir({ git: true })
    const bin = await egcBinary()
    writeFileSync(
      join(home.path, ".claude.json"),
      JSON.stringify({
        mcpServers: { egc: { type: "stdio", command: bin, args: ["serve"] } },
        projects: { [dir.path]: { hasTrustDialogAccepted: true } },
      }),
    )
    const r = await run([join(BIN, "claude"), "mcp", "list"], dir.path, home.path)
    expect(r.out).toMatch(/egc: .*egc serve - ✔ Connected/)
  }, 60_000)

  test("gemini mcp list reports egc connected; a broken command is reported as not connected", async () => {
    using home = tmpdir()
    using dir = tmpdir({ git: true })
    const bin = await egcBinary()
    mkdirSync(join(home.path, ".gemini"))
    const servers = { egc: { command: bin, args: ["serve"] }, broken: { command: bin, args: ["no-such-command"] } }
    writeFileSync(
      join(home.path, ".gemini", "settings.json"),
      JSON.stringify({ mcpServers: servers, security: { folderTrust: { enabled: false } } }),
    )
    const r = await run([join(BIN, "gemini"), "mcp", "list"], dir.path, home.path)
    expect(r.out).toMatch(/✓ egc: .*egc serve \(stdio\) - Connected/)
    expect(r.out).toMatch(/broken: .* - Disconnected/)
  }, 60_000)
})
