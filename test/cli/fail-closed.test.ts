import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { describe, expect, test } from "bun:test"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { tmpdir } from "../fixture"
import { runSource, sourceArgs } from "./_egc"

/** The flag faults of issue 12 item 4, each beside a positive control. Guard cases judge only; nothing dangerous runs. */
describe("flags fail closed", () => {
  test("guard check never judges an unknown flag as part of the command", async () => {
    const typo = await runSource(["guard", "check", "--jsn", "rm -rf ~"])
    expect(typo.code).toBe(64)
    expect(typo.stderr).toContain("--jsn")
    expect(typo.stdout).not.toContain("allow")
    // controls: the same command judged properly is denied, a harmless one allowed, `--` keeps words verbatim
    expect((await runSource(["guard", "check", "--json", "--no-record", "rm -rf ~"])).code).toBe(2)
    expect((await runSource(["guard", "check", "--no-record", "ls -la"])).code).toBe(0)
    expect((await runSource(["guard", "check", "--no-record", "--", "git", "status", "--short"])).code).toBe(0)
  }, 60_000)

  test("crush with a flag it does not take exits 64 and runs nothing; after -- every word is the command's", async () => {
    const refused = await runSource(["crush", "--json", "--", "echo", "crush-marker"])
    expect(refused.code).toBe(64)
    expect(refused.stdout).not.toContain("crush-marker")
    expect(refused.stderr).toContain("--json")
    const ran = await runSource(["crush", "--", "echo", "crush-marker", "--json"])
    expect(ran.code).toBe(0)
    expect(ran.stdout).toContain("crush-marker --json")
    expect((await runSource(["crush", "echo", "hi"])).code).toBe(64)
  }, 60_000)

  test("memory list refuses an unknown status instead of printing a false 'no memory'", async () => {
    using repo = tmpdir({ git: { origin: "git@github.com:acme/flags.git" } })
    const project = resolveProject(repo.path)
    openMemory().write(
      { kind: "decision", title: "Use strict flags", body: "unknown flags are errors", scope: "project" },
      { project, actor: { source: "agent" } },
    )
    const active = await runSource(["memory", "list", "--status", "active"], { cwd: repo.path })
    expect(active.code).toBe(0)
    expect(active.stdout).toContain("Use strict flags")
    const byKind = await runSource(["memory", "list", "--kind", "decision", "--limit", "5"], { cwd: repo.path })
    expect(byKind.stdout).toContain("Use strict flags")
    const bogus = await runSource(["memory", "list", "--status", "bogus"], { cwd: repo.path })
    expect(bogus.code).toBe(64)
    expect(bogus.stdout).not.toContain("no memory")
    expect(bogus.stderr).toContain("bogus")
    expect(bogus.stderr).toContain("pending, active, superseded")
    expect((await runSource(["memory", "list", "--status", "active,bogus"], { cwd: repo.path })).code).toBe(64)
    expect((await runSource(["memory", "list", "--limit", "0"], { cwd: repo.path })).code).toBe(64)
    expect((await runSource(["memory", "list", "--kind", "Not a kind"], { cwd: repo.path })).code).toBe(64)
  }, 60_000)

  test("an unknown tool profile is refused by serve (flag 64, environment or config 78) and reported by doctor", async () => {
    using dir = tmpdir({ git: true })
    const flag = await runSource(["serve", "--tools", "bogus"], { cwd: dir.path })
    expect(flag.code).toBe(64)
    expect(flag.stderr).toContain("bogus")
    expect(flag.stderr).toContain("default, full")
    const fromEnv = await runSource(["serve"], { cwd: dir.path, env: { EGC_MCP_TOOLS: "ful" } })
    expect(fromEnv.code).toBe(78)
    expect(fromEnv.stderr).toContain("EGC_MCP_TOOLS")
    expect(fromEnv.stderr).toContain("ful")
    const partly = await runSource(["serve"], { cwd: dir.path, env: { EGC_MCP_TOOLS: "get_state,no_such_tool" } })
    expect(partly.code).toBe(78)
    expect(partly.stderr).toContain("no_such_tool")
    using cfg = tmpdir({
      git: true,
      files: { ".egc/config.json": JSON.stringify({ mcp: { tools: ["get_state", "recal"] } }) },
    })
    const fromConfig = await runSource(["serve"], { cwd: cfg.path })
    expect(fromConfig.code).toBe(78)
    expect(fromConfig.stderr).toContain("recal")

    const doctorBad = await runSource(["doctor", "--json"], { cwd: dir.path, env: { EGC_MCP_TOOLS: "ful" } })
    const badLine = (JSON.parse(doctorBad.stdout) as Array<{ name: string; status: string; detail: string }>).find(
      (c) => c.name === "mcp tools",
    )
    expect(badLine?.status).toBe("fail")
    expect(badLine?.detail).toContain("ful")
    const doctorGood = await runSource(["doctor", "--json"], { cwd: dir.path })
    expect(
      (JSON.parse(doctorGood.stdout) as Array<{ name: string; status: string }>).find((c) => c.name === "mcp tools")
        ?.status,
    ).toBe("ok")
  }, 90_000)

  test("valid profiles serve tools: --tools full, and an explicit list from the environment", async () => {
    using dir = tmpdir({ git: true })
    const list = async (args: string[], env: Record<string, string> = {}) => {
      const merged: Record<string, string> = {}
      for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) merged[k] = v
      const transport = new StdioClientTransport({
        ...sourceArgs(["serve", ...args]),
        cwd: dir.path,
        env: merged,
        stderr: "pipe",
      })
      const client = new Client({ name: "egc-flags-test", version: "1" })
      await client.connect(transport)
      try {
        return (await client.listTools()).tools.map((t) => t.name)
      } finally {
        await client.close()
      }
    }
    const full = await list(["--tools", "full"])
    expect(full.length).toBeGreaterThan(16)
    expect(full).toContain("server_health")
    expect((await list([], { EGC_MCP_TOOLS: "get_state,server_health" })).sort()).toEqual([
      "get_state",
      "server_health",
    ])
  }, 90_000)
})
