import { describe, expect, test } from "bun:test"
import { existsSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { egcBinary, runEgc } from "./_binary"
import { prepareHome } from "./_installed-home"

describe("egc install / uninstall / doctor through the binary", () => {
  test("--list names all 22 tools and says what each lacks", async () => {
    using h = prepareHome(["codex"])
    const r = await runEgc(["install", "--list", "--json"], { cwd: h.project, env: h.env })
    expect(r.code).toBe(0)
    const rows = JSON.parse(r.stdout) as Array<{ id: string; detected: string | null; mcp: string; hooks: string }>
    expect(rows.length).toBe(22)
    expect(rows.find((x) => x.id === "codex")?.detected).toBe(join(h.home, ".codex"))
    expect(rows.find((x) => x.id === "aider")?.mcp).toMatch(/^no MCP at user scope: Aider has no MCP client/)
    expect(rows.find((x) => x.id === "zed")?.hooks).toMatch(/no hooks/)
    expect(rows.find((x) => x.id === "codex")?.mcp).toContain("[mcp_servers.egc]")
  })

  test("--dry-run prints unified diffs and changes nothing; no --yes off a terminal is refused", async () => {
    using h = prepareHome(["codex"])
    const dry = await runEgc(["install", "--dry-run"], { cwd: h.project, env: h.env })
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain("+[mcp_servers.egc]")
    expect(dry.stdout).toContain("--- /dev/null")
    expect(existsSync(join(h.home, ".codex", "config.toml"))).toBe(false)
    const ask = await runEgc(["install"], { cwd: h.project, env: h.env })
    expect(ask.code).toBe(64)
    expect(ask.stderr).toContain("--yes")
    expect(existsSync(join(h.home, ".codex", "config.toml"))).toBe(false)
  })

  test("a malformed file fails its target only, exit 1, and says why", async () => {
    using h = prepareHome(["codex", "qwen"])
    await Bun.write(join(h.home, ".codex", "config.toml"), "[broken\n")
    const r = await runEgc(["install", "--yes"], { cwd: h.project, env: h.env })
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/codex skipped: .*config\.toml is not valid TOML/)
    expect(readFileSync(join(h.home, ".codex", "config.toml"), "utf8")).toBe("[broken\n")
    expect(existsSync(join(h.home, ".qwen", "settings.json"))).toBe(true)
  })

  test("the record keeps hashes before and after; doctor checks every entry and names the fix", async () => {
    using h = prepareHome(["codex"])
    expect((await runEgc(["install", "--yes"], { cwd: h.project, env: h.env })).code).toBe(0)
    const record = JSON.parse(readFileSync(join(h.env.EGC_HOME, "install.json"), "utf8"))
    const entry = record.files[join(h.home, ".codex", "config.toml")]
    expect(entry.before).toBeNull()
    expect(entry.after).toMatch(/^[0-9a-f]{64}$/)
    expect(statSync(join(h.env.EGC_HOME, "install.json")).mode & 0o777).toBe(0o600)
    const ok = await runEgc(["doctor", "--json"], { cwd: h.project, env: h.env })
    const checks = JSON.parse(ok.stdout) as Array<{ name: string; status: string; fix?: string }>
    expect(checks.find((c) => c.name === "install codex")?.status).toBe("ok")
    expect(checks.find((c) => c.name === "install bin")?.status).toBe("ok")
    await Bun.write(join(h.home, ".codex", "config.toml"), "# emptied by hand\n")
    const bad = JSON.parse((await runEgc(["doctor", "--json"], { cwd: h.project, env: h.env })).stdout) as Array<{
      name: string
      status: string
      fix?: string
    }>
    expect(bad.find((c) => c.name === "install codex")).toMatchObject({
      status: "fail",
      fix: "egc install --target codex",
    })
  })

  test("--bin-dir places the binary and registers that copy", async () => {
    using h = prepareHome(["qwen"])
    const dir = join(h.home, ".local", "bin")
    const r = await runEgc(["install", "--yes", "--bin-dir", dir], { cwd: h.project, env: h.env })
    expect(r.code).toBe(0)
    expect(readFileSync(join(dir, "egc")).equals(readFileSync(await egcBinary()))).toBe(true)
    expect(readFileSync(join(h.home, ".qwen", "settings.json"), "utf8")).toContain(`"command": "${join(dir, "egc")}"`)
    expect((await runEgc(["uninstall"], { cwd: h.project, env: h.env })).code).toBe(0)
    expect(existsSync(join(dir, "egc"))).toBe(false)
  })

  test("two installs at once: one waits its turn or is refused; the files end consistent", async () => {
    using h = prepareHome(["codex", "gemini", "qwen"])
    const [a, b] = await Promise.all([
      runEgc(["install", "--yes"], { cwd: h.project, env: h.env }),
      runEgc(["install", "--yes"], { cwd: h.project, env: h.env }),
    ])
    expect([a.code, b.code].sort()).toContainEqual(0)
    for (const r of [a, b]) if (r.code !== 0) expect(r.stderr).toContain("another egc install or uninstall is running")
    const toml = readFileSync(join(h.home, ".codex", "config.toml"), "utf8")
    expect(toml.match(/\[mcp_servers\.egc\]/g)?.length).toBe(1)
    const settings = readFileSync(join(h.home, ".gemini", "settings.json"), "utf8")
    expect(settings.match(/hook pre-tool --tool gemini/g)?.length).toBe(1)
  })

  test("uninstall --purge off a terminal needs --yes; with it, $EGC_HOME is gone", async () => {
    using h = prepareHome(["qwen"])
    await runEgc(["install", "--yes"], { cwd: h.project, env: h.env })
    const refused = await runEgc(["uninstall", "--purge"], { cwd: h.project, env: h.env })
    expect(refused.code).toBe(64)
    expect(existsSync(join(h.env.EGC_HOME, "install.json"))).toBe(true)
    const r = await runEgc(["uninstall", "--purge", "--yes"], { cwd: h.project, env: h.env })
    expect(r.code).toBe(0)
    expect(existsSync(h.env.EGC_HOME)).toBe(false)
    expect(readFileSync(join(h.home, ".qwen", "settings.json"), "utf8")).not.toContain("egc")
  })
})
