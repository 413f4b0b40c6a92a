import { describe, expect, test } from "bun:test"
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { EgcError } from "../../src/core/errors"
import { readJsonc } from "../../src/install/edit/json"
import { acquireInstallLock } from "../../src/install/lock"
import { loadRecord } from "../../src/install/record"
import { applyPlan } from "../../src/install"
import { fakeBin, install, plan, read, sandbox, snapshot, uninstall } from "./_harness"
import { writeSeed } from "./_seeds"

describe("malformed files are skipped with a reason; the others proceed", () => {
  const cases = [
    { target: "gemini", file: ".gemini/settings.json", bad: '{ "theme": "dark", oops }', reason: /not valid JSON/ },
    { target: "codex", file: ".codex/config.toml", bad: 'model = "o3"\n[mcp_servers\n', reason: /not valid TOML/ },
    {
      target: "goose",
      file: ".config/goose/config.yaml",
      bad: "extensions:\n  - [unclosed\n",
      reason: /not valid YAML/,
    },
    {
      target: "claude-code",
      file: ".claude/settings.json",
      bad: '{"hooks": {"PreToolUse": {"not": "a list"}}}',
      reason: /not a list/,
    },
  ]
  for (const c of cases) {
    test(`${c.target}: ${c.file}`, () => {
      using sb = sandbox()
      const other = c.target === "qwen" ? "opencode" : "qwen"
      writeSeed(join(sb.home, c.file), c.bad)
      const { plan: p, result } = install(sb, { targets: [c.target, other] })
      const skipped = p.targets.find((t) => t.id === c.target)
      expect(skipped?.skipped).toMatch(c.reason)
      expect(skipped?.skipped).toContain(c.file)
      expect(read(join(sb.home, c.file))).toBe(c.bad)
      expect(p.files.some((f) => f.path.startsWith(join(sb.home, `.${c.target}`)))).toBe(false)
      expect(p.targets.find((t) => t.id === other)?.skipped).toBeUndefined()
      expect(result.written.length).toBeGreaterThan(0)
      expect(Object.values(loadRecord()?.files ?? {}).every((f) => f.ops.every((o) => o.target === other))).toBe(true)
    })
  }

  test("a read-only config is left alone", () => {
    using sb = sandbox()
    const file = join(sb.home, ".qwen", "settings.json")
    writeSeed(file, '{ "ui": {} }\n')
    chmodSync(file, 0o444)
    const p = plan(sb, { targets: ["qwen"] })
    expect(p.targets[0]?.skipped).toMatch(/read-only/)
    expect(p.files).toEqual([])
  })

  test("a file egc would own but that is the user's is not overwritten", () => {
    using sb = sandbox()
    const file = join(sb.home, ".config", "opencode", "plugin", "egc.js")
    writeSeed(file, "// someone else's plugin\n")
    const p = plan(sb, { targets: ["opencode"] })
    expect(p.targets[0]?.skipped).toMatch(/not egc's/)
    expect(read(file)).toBe("// someone else's plugin\n")
  })

  test("a file where egc needs a folder (a legacy .clinerules file) skips the target", () => {
    using sb = sandbox()
    writeSeed(join(sb.project, ".clinerules"), "- my old single-file rules\n")
    const p = plan(sb, { targets: ["cline", "qwen"], scope: "project" })
    expect(p.targets.find((t) => t.id === "cline")?.skipped).toBe(
      `${join(sb.project, ".clinerules")} is a file where egc needs a folder`,
    )
    expect(p.targets.find((t) => t.id === "qwen")?.skipped).toBeUndefined()
    expect(read(join(sb.project, ".clinerules"))).toBe("- my old single-file rules\n")
  })

  test("a file changed between plan and apply is left alone", () => {
    using sb = sandbox()
    const file = join(sb.home, ".gemini", "settings.json")
    writeSeed(file, "{}\n")
    const p = plan(sb, { targets: ["gemini"] })
    writeFileSync(file, '{ "changed": true }\n')
    const r = applyPlan(p)
    expect(r.failed.map((f) => f.path)).toEqual([file])
    expect(read(file)).toBe('{ "changed": true }\n')
  })
})

describe("lost pieces of egc's own state", () => {
  test("backups deleted: re-install and uninstall still take out only egc's entries", () => {
    using sb = sandbox()
    const file = join(sb.home, ".gemini", "settings.json")
    writeSeed(file, '{\n  // mine\n  "theme": "dark"\n}\n')
    install(sb, { targets: ["gemini"] })
    rmSync(join(process.env.EGC_HOME as string, "backups"), { recursive: true })
    install(sb, { targets: ["gemini"], bin: fakeBin(join(sb.tmp.path, "v2", "egc")) })
    uninstall()
    expect(readJsonc(read(file))).toEqual({ theme: "dark" })
    expect(read(file)).toContain("// mine")
  })

  test("backups deleted, then uninstall: egc's entries are taken out of the current file", () => {
    using sb = sandbox()
    const file = join(sb.home, ".gemini", "settings.json")
    writeSeed(file, '{\n  // mine\n  "theme": "dark"\n}\n')
    install(sb, { targets: ["gemini"] })
    rmSync(join(process.env.EGC_HOME as string, "backups"), { recursive: true })
    const r = uninstall()
    expect(r.cleaned).toEqual([file])
    expect(readJsonc(read(file))).toEqual({ theme: "dark" })
    expect(read(file)).toContain("// mine")
  })

  test("a corrupt install record is an error with a hint, and nothing is touched", () => {
    using sb = sandbox()
    install(sb, { targets: ["qwen"] })
    const before = snapshot(sb)
    writeFileSync(join(process.env.EGC_HOME as string, "install.json"), "[]")
    expect(() => uninstall()).toThrow(/not an egc install record/)
    expect(snapshot(sb)).toEqual(before)
  })
})

describe("symlinks", () => {
  test("a symlinked config is edited at its target and stays a link; uninstall restores the target", () => {
    using sb = sandbox()
    const real = join(sb.tmp.path, "dotfiles", "settings.json")
    writeSeed(real, '{\n  // from my dotfiles repo\n  "theme": "dark"\n}\n')
    const link = join(sb.home, ".gemini", "settings.json")
    mkdirSync(join(sb.home, ".gemini"), { recursive: true })
    symlinkSync(real, link)
    const original = read(real)
    install(sb, { targets: ["gemini"] })
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect((readJsonc(read(real)) as { mcpServers: Record<string, unknown> }).mcpServers.egc).toBeDefined()
    expect(read(real)).toContain("// from my dotfiles repo")
    uninstall()
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(read(real)).toBe(original)
  })

  test("a dangling symlink is refused, not replaced", () => {
    using sb = sandbox()
    mkdirSync(join(sb.home, ".qwen"), { recursive: true })
    symlinkSync(join(sb.tmp.path, "nowhere.json"), join(sb.home, ".qwen", "settings.json"))
    const p = plan(sb, { targets: ["qwen"] })
    expect(p.targets[0]?.skipped).toMatch(/symlink to a missing file/)
    expect(lstatSync(join(sb.home, ".qwen", "settings.json")).isSymbolicLink()).toBe(true)
  })
})

describe("concurrency and interruption", () => {
  test("a second install while one runs is refused; the lock is re-entrant in one process; a dead process's lock is taken over", () => {
    using sb = sandbox()
    const lock = join(process.env.EGC_HOME as string, "install.lock")
    mkdirSync(process.env.EGC_HOME as string, { recursive: true, mode: 0o700 })
    writeFileSync(lock, String(process.ppid))
    expect(() => install(sb, { targets: ["qwen"] })).toThrow(EgcError)
    expect(() => acquireInstallLock()).toThrow(`another egc install or uninstall is running (pid ${process.ppid})`)
    expect(() => uninstall()).toThrow(/another egc install/)
    rmSync(lock)
    const outer = acquireInstallLock()
    const inner = acquireInstallLock()
    inner()
    expect(existsSync(lock)).toBe(true)
    outer()
    expect(existsSync(lock)).toBe(false)
    writeFileSync(join(process.env.EGC_HOME as string, "install.lock"), "999999999")
    const { result } = install(sb, { targets: ["qwen"] })
    expect(result.written.length).toBe(2)
  })

  for (const stage of ["pending-recorded", "written"] as const) {
    test(`killed after a file is ${stage}: re-running completes it, uninstall still restores every byte`, () => {
      using sb = sandbox()
      writeSeed(join(sb.home, ".gemini", "settings.json"), '{ "theme": "dark" }\n')
      const before = snapshot(sb)
      let n = 0
      const crash = (s: string) => {
        if (s === stage && ++n === 2) throw new Error("killed")
      }
      expect(() => install(sb, { targets: ["gemini", "qwen"], onStage: crash })).toThrow("killed")
      writeFileSync(join(process.env.EGC_HOME as string, "install.lock"), "999999999")
      const { result } = install(sb, { targets: ["gemini", "qwen"] })
      expect(result.failed).toEqual([])
      expect(plan(sb, { targets: ["gemini", "qwen"] }).files.every((f) => f.before === f.after)).toBe(true)
      expect(Object.values(loadRecord()?.files ?? {}).some((f) => f.pending)).toBe(false)
      uninstall()
      expect(snapshot(sb)).toEqual(before)
    })

    test(`killed after a file is ${stage}: uninstall alone reverses what was done`, () => {
      using sb = sandbox()
      writeSeed(join(sb.home, ".gemini", "settings.json"), '{ "theme": "dark" }\n')
      const before = snapshot(sb)
      let n = 0
      expect(() =>
        install(sb, {
          targets: ["gemini"],
          onStage: (s) => {
            if (s === stage && ++n === 2) throw new Error("killed")
          },
        }),
      ).toThrow("killed")
      writeFileSync(join(process.env.EGC_HOME as string, "install.lock"), "999999999")
      uninstall()
      expect(snapshot(sb)).toEqual(before)
    })
  }
})

describe("awkward paths", () => {
  test("spaces and non-ASCII in the binary path: every hook command runs that binary with the right arguments", async () => {
    using sb = sandbox()
    const bin = fakeBin(join(sb.tmp.path, "my bins", "égc 'quoted'", "egc"))
    install(sb, { targets: ["claude-code", "cursor", "windsurf"], bin })
    const settings = readJsonc(read(join(sb.home, ".claude", "settings.json"))) as {
      hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>>
    }
    const command = settings.hooks.PreToolUse?.[0]?.hooks[0]?.command as string
    const run = Bun.spawnSync(["/bin/sh", "-c", command], { stdout: "pipe" })
    expect(run.exitCode).toBe(0)
    expect(run.stdout.toString().trim()).toBe("hook pre-tool --tool claude-code")
    const mcp = readJsonc(read(join(sb.home, ".claude.json"))) as { mcpServers: { egc: { command: string } } }
    expect(mcp.mcpServers.egc.command).toBe(bin)
  })

  test("Windows: commands are double-quoted, paths kept with backslashes, the user's Windows paths untouched", () => {
    using sb = sandbox()
    const userCfg =
      '{\n  "mcpServers": {\n    "other": { "command": "C:\\\\Program Files\\\\other\\\\srv.exe" }\n  }\n}\n'
    writeSeed(join(sb.home, ".cursor", "mcp.json"), userCfg)
    const bin = "C:\\Users\\Zoë Q\\AppData\\Local\\egc\\egc.exe"
    const p = plan(sb, { targets: ["cursor", "codex"], bin, platform: "win32" })
    const mcp = p.files.find((f) => f.path.endsWith("mcp.json"))
    const parsed = readJsonc(mcp?.after ?? "") as { mcpServers: Record<string, { command: string }> }
    expect(parsed.mcpServers.other?.command).toBe("C:\\Program Files\\other\\srv.exe")
    expect(parsed.mcpServers.egc?.command).toBe(bin)
    const hooks = readJsonc(
      p.files.find((f) => f.path.endsWith("hooks.json") && f.path.includes(".cursor"))?.after ?? "",
    ) as { hooks: Record<string, Array<{ command: string }>> }
    expect(hooks.hooks.stop?.[0]?.command).toBe(`"${bin}" hook stop --tool cursor`)
    expect(p.files.find((f) => f.path.endsWith("config.toml"))?.after).toContain(
      'command = "C:\\\\Users\\\\Zoë Q\\\\AppData\\\\Local\\\\egc\\\\egc.exe"',
    )
  })

  test("files written by Windows tools (byte-order mark, CRLF) keep both, and come back byte for byte", () => {
    using sb = sandbox()
    const settings = '\uFEFF{\r\n  "model": "opus",\r\n  "hooks": {}\r\n}\r\n'
    const toml = '\uFEFF# from Windows\r\n[mcp_servers.other]\r\ncommand = "C:\\\\tools\\\\srv.exe"\r\n'
    writeSeed(join(sb.home, ".claude", "settings.json"), settings)
    writeSeed(join(sb.home, ".codex", "config.toml"), toml)
    const before = snapshot(sb)
    const { plan: p } = install(sb, { targets: ["claude-code", "codex"] })
    expect(p.targets.every((t) => !t.skipped)).toBe(true)
    for (const f of [join(sb.home, ".claude", "settings.json"), join(sb.home, ".codex", "config.toml")]) {
      const text = read(f)
      expect(text.startsWith("\uFEFF")).toBe(true)
      expect(text.replace(/\r\n/g, "")).not.toContain("\n")
    }
    expect(read(join(sb.home, ".codex", "config.toml"))).toContain('command = "C:\\\\tools\\\\srv.exe"')
    uninstall()
    expect(snapshot(sb)).toEqual(before)
  })

  test("a HOME with spaces and non-ASCII characters", () => {
    using sb = sandbox()
    const home = join(sb.tmp.path, "Jöhn Dœ home")
    mkdirSync(home, { recursive: true })
    const before = snapshot({ ...sb, home })
    const { computePlan } = require("../../src/install") as typeof import("../../src/install")
    const p = computePlan({
      scope: "user",
      project: sb.project,
      bin: sb.bin,
      home,
      pathDirs: [],
      targets: ["qwen", "codex"],
      record: loadRecord(),
    })
    applyPlan(p)
    expect(existsSync(join(home, ".qwen", "settings.json"))).toBe(true)
    expect(readFileSync(join(home, ".codex", "config.toml"), "utf8")).toContain("[mcp_servers.egc]")
    uninstall()
    expect(snapshot({ ...sb, home })).toEqual(before)
  })
})

describe("several tools sharing one file", () => {
  test("one protocol block in AGENTS.md for five tools; partial uninstall keeps it; full uninstall restores", () => {
    using sb = sandbox()
    writeSeed(join(sb.project, "AGENTS.md"), "# Project rules\n")
    const before = snapshot(sb)
    install(sb, {
      targets: ["codex", "opencode", "zed", "amp", "warp", "claude-code", "codebuddy", "vscode", "copilot-cli"],
      scope: "project",
    })
    const agents = read(join(sb.project, "AGENTS.md"))
    expect(agents.match(/<!-- egc:protocol v/g)?.length).toBe(1)
    const mcp = readJsonc(read(join(sb.project, ".mcp.json"))) as { mcpServers: Record<string, unknown> }
    expect(Object.keys(mcp.mcpServers)).toEqual(["egc"])
    uninstall({ targets: ["codex", "zed"] })
    expect(read(join(sb.project, "AGENTS.md"))).toBe(agents)
    expect(existsSync(join(sb.project, ".codex"))).toBe(false)
    uninstall({ targets: ["opencode", "amp", "warp"] })
    expect(read(join(sb.project, "AGENTS.md"))).toBe("# Project rules\n")
    expect(existsSync(join(sb.project, ".github", "hooks", "egc.json"))).toBe(true)
    uninstall()
    expect(snapshot(sb)).toEqual(before)
  })
})

describe("uninstall by scope", () => {
  test("--scope project removes only this project's entries; user-level and other projects stay", () => {
    using sb = sandbox()
    const other = join(sb.tmp.path, "other-project")
    mkdirSync(other, { recursive: true })
    install(sb, { targets: ["qwen"] })
    install(sb, { targets: ["qwen"], scope: "project" })
    const { computePlan } = require("../../src/install") as typeof import("../../src/install")
    applyPlan(
      computePlan({
        scope: "project",
        project: other,
        bin: sb.bin,
        home: sb.home,
        pathDirs: [],
        targets: ["qwen"],
        record: loadRecord(),
      }),
    )
    const r = uninstall({ scope: "project", project: sb.project })
    expect(r.removed.sort()).toEqual([join(sb.project, ".qwen", "settings.json"), join(sb.project, "QWEN.md")].sort())
    expect(existsSync(join(other, "QWEN.md"))).toBe(true)
    expect(existsSync(join(sb.home, ".qwen", "QWEN.md"))).toBe(true)
    uninstall({ scope: "user" })
    expect(existsSync(join(sb.home, ".qwen"))).toBe(false)
    expect(existsSync(join(other, "QWEN.md"))).toBe(true)
  })
})

describe("detection", () => {
  test("only tools with a home folder or a binary on PATH are selected without --target", () => {
    using sb = sandbox()
    mkdirSync(join(sb.home, ".codex"), { recursive: true })
    const pathDir = join(sb.tmp.path, "path")
    fakeBin(join(pathDir, "gemini"))
    const { computePlan } = require("../../src/install") as typeof import("../../src/install")
    const p = computePlan({ scope: "user", project: sb.project, bin: sb.bin, home: sb.home, pathDirs: [pathDir] })
    expect(p.targets.map((t) => t.id).sort()).toEqual(["codex", "gemini"])
    expect(p.targets.find((t) => t.id === "gemini")?.detected).toBe(join(pathDir, "gemini"))
    const named = computePlan({
      scope: "user",
      project: sb.project,
      bin: sb.bin,
      home: sb.home,
      pathDirs: [],
      targets: ["kiro"],
    })
    expect(named.undetectedNamed).toEqual(["kiro"])
  })

  test("at project scope, a tool's folder in the project counts; at user scope it does not", () => {
    using sb = sandbox()
    mkdirSync(join(sb.project, ".cursor"), { recursive: true })
    writeFileSync(join(sb.project, "GEMINI.md"), "# rules\n")
    const { computePlan } = require("../../src/install") as typeof import("../../src/install")
    const project = computePlan({ scope: "project", project: sb.project, bin: sb.bin, home: sb.home, pathDirs: [] })
    expect(project.targets.map((t) => t.id).sort()).toEqual(["cursor", "gemini"])
    expect(
      computePlan({ scope: "user", project: sb.project, bin: sb.bin, home: sb.home, pathDirs: [] }).targets,
    ).toEqual([])
  })
})
