import { afterEach, describe, expect, test } from "bun:test"
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { DEFAULTS, loadConfig, loadConfigSafe, projectConfigPath } from "../../src/core/config"
import { paths } from "../../src/core/paths"
import { isTrusted, revoke, trust, trustFile } from "../../src/core/trust"
import { tmpdir, writeFile } from "../fixture"

const userConfig = (value: unknown) => {
  mkdirSync(paths.config().replace(/\/config\.json$/, ""), { recursive: true, mode: 0o700 })
  writeFileSync(paths.config(), typeof value === "string" ? value : JSON.stringify(value))
}
const project = (value: unknown) => {
  const t = tmpdir({ git: true })
  writeFile(projectConfigPath(t.path), typeof value === "string" ? value : JSON.stringify(value))
  return t
}

afterEach(() => rmSync(paths.config(), { force: true }))

describe("a broken config falls back to the defaults and says so", () => {
  test("a broken user file: its layer is set aside, the guard stays on, the problem names the file", async () => {
    userConfig({ guard: { protectedBranches: ["trunk"] } })
    const good = await loadConfigSafe()
    expect(good.problems).toEqual([])
    expect(good.config.guard.protectedBranches).toEqual(["trunk"])
    userConfig('{ "guard": { "enabled": false ')
    const bad = await loadConfigSafe()
    expect(bad.config.guard).toEqual(DEFAULTS.guard)
    expect(bad.problems).toHaveLength(1)
    expect(bad.problems[0]).toMatchObject({ kind: "invalid", source: paths.config() })
    expect(bad.problems[0]!.message).toContain("not valid JSON")
    await expect(loadConfig()).rejects.toThrow(/not valid JSON/)
  })

  test("one bad value in the project file drops that file, the person's file still applies", async () => {
    userConfig({ guard: { rules: { "git.reset-hard": "ask" } } })
    using t = project({ guard: { enabled: false, rules: { "git.push-force": "sometimes" } } })
    const { config, problems } = await loadConfigSafe({ projectRoot: t.path })
    expect(config.guard.enabled).toBe(true)
    expect(config.guard.rules).toEqual({ "git.reset-hard": "ask" })
    expect(problems.map((p) => [p.kind, p.source])).toEqual([["invalid", projectConfigPath(t.path)]])
    expect(problems[0]!.details.join("\n")).toContain("guard.rules.git.push-force")
  })
})

describe("a project file only tightens unless the person trusts it", () => {
  test("guard.enabled:false is ignored until trusted, and again after a one-byte change", async () => {
    const text = JSON.stringify({ guard: { enabled: false } })
    using t = project(text)
    const file = projectConfigPath(t.path)
    const before = await loadConfigSafe({ projectRoot: t.path })
    expect(before.config.guard.enabled).toBe(true)
    expect(before.problems).toHaveLength(1)
    expect(before.problems[0]).toMatchObject({ kind: "untrusted", source: file })
    expect(before.problems[0]!.details.join("\n")).toContain("guard.enabled: false")

    trust(file, text)
    expect((statSync(trustFile()).mode & 0o777).toString(8)).toBe("600")
    const trusted = await loadConfigSafe({ projectRoot: t.path })
    expect(trusted.config.guard.enabled).toBe(false)
    expect(trusted.problems).toEqual([])

    writeFileSync(file, `${text} `)
    expect(isTrusted(file, readFileSync(file, "utf8"))).toBe(false)
    const changed = await loadConfigSafe({ projectRoot: t.path })
    expect(changed.config.guard.enabled).toBe(true)
    expect(changed.problems[0]?.kind).toBe("untrusted")

    writeFileSync(file, text)
    expect((await loadConfigSafe({ projectRoot: t.path })).config.guard.enabled).toBe(false)
    expect(revoke(file)).toBe(true)
    expect((await loadConfigSafe({ projectRoot: t.path })).config.guard.enabled).toBe(true)
  })

  test("a file that only tightens applies without trust", async () => {
    userConfig({ memory: { consent: "grant" }, guard: { protectedBranches: ["trunk"], rules: { git: "allow" } } })
    using t = project({
      memory: { consent: "review" },
      guard: {
        rules: { "git.push-force": "ask", "proc.kill-by-name": "deny" },
        deny: ["make deploy"],
        protectedBranches: ["prod"],
        protectedPaths: ["infra/"],
      },
      crush: { rewrite: false },
      hooks: { enabled: true },
    })
    const { config, problems } = await loadConfigSafe({ projectRoot: t.path })
    expect(problems).toEqual([])
    expect(config.memory.consent).toBe("review")
    expect(config.guard.rules).toEqual({ git: "allow", "git.push-force": "ask", "proc.kill-by-name": "deny" })
    expect(config.guard.deny).toEqual(["make deploy"])
    expect(config.guard.protectedBranches).toEqual(["trunk", "prod"])
    expect(config.guard.protectedPaths).toEqual(["infra/"])
    expect(config.crush.rewrite).toBe(false)
  })

  test("each loosening field is dropped and named; the tightening fields of the same file still apply", async () => {
    userConfig({ memory: { consent: "review" }, guard: { rules: { git: "ask" }, allow: ["make lint"] } })
    using t = project({
      memory: { consent: "agent" },
      guard: {
        rules: { "git.reset-hard": "allow", "proc.kill-by-name": "off", "fs.rm-root": "ask", "git.clean": "deny" },
        allow: ["/^git clean -fdx$/", "make lint"],
        protectedBranches: ["dev"],
      },
      hooks: { enabled: false, disabled: ["pre-tool:gemini"] },
    })
    const { config, problems } = await loadConfigSafe({ projectRoot: t.path })
    expect(config.memory.consent).toBe("review")
    expect(config.guard.rules).toEqual({ git: "ask", "git.clean": "deny" })
    expect(config.guard.allow).toEqual(["make lint"])
    expect(config.guard.protectedBranches).toEqual([...DEFAULTS.guard.protectedBranches, "dev"])
    expect(config.hooks).toEqual({ enabled: true, disabled: [] })
    const named = problems[0]!.details.join("\n")
    for (const field of [
      "memory.consent: agent",
      "guard.rules.git.reset-hard: allow",
      "guard.rules.proc.kill-by-name: off",
      "guard.rules.fs.rm-root: ask",
      '"/^git clean -fdx$/"',
      "hooks.enabled: false",
      '"pre-tool:gemini"',
    ]) {
      expect(named).toContain(field)
    }
    expect(named).not.toContain("git.clean")
    expect(named).not.toContain('"make lint"')
  })

  test("consent: off and review tighten agent; agent loosens review", async () => {
    using off = project({ memory: { consent: "off" } })
    expect((await loadConfigSafe({ projectRoot: off.path })).config.memory.consent).toBe("off")
    userConfig({ memory: { consent: "off" } })
    using review = project({ memory: { consent: "review" } })
    const r = await loadConfigSafe({ projectRoot: review.path })
    expect(r.config.memory.consent).toBe("off")
    expect(r.problems[0]?.kind).toBe("untrusted")
  })

  test("sync.autoPush: a project may turn it off, never on (unless trusted); the person may", async () => {
    const text = JSON.stringify({ sync: { autoPush: true } })
    using on = project(text)
    const file = projectConfigPath(on.path)
    const untrusted = await loadConfigSafe({ projectRoot: on.path })
    expect(untrusted.config.sync.autoPush).toBe(false)
    expect(untrusted.problems[0]!.details.join("\n")).toContain("sync.autoPush: true")
    trust(file, text)
    expect((await loadConfigSafe({ projectRoot: on.path })).config.sync.autoPush).toBe(true)
    revoke(file)
    userConfig({ sync: { autoPush: true } })
    const mine = await loadConfigSafe({ projectRoot: on.path })
    expect(mine.config.sync.autoPush).toBe(true)
    expect(mine.problems).toEqual([])
    using off = project({ sync: { autoPush: false } })
    const tightened = await loadConfigSafe({ projectRoot: off.path })
    expect(tightened.config.sync.autoPush).toBe(false)
    expect(tightened.problems).toEqual([])
    // a value that is not a boolean, or an unknown key, sets the person's layer aside: off, and said so
    for (const bad of [{ sync: { autoPush: "yes" } }, { sync: { autoPush: true, pushEvery: 5 } }]) {
      userConfig(bad)
      const r = await loadConfigSafe({})
      expect(r.config.sync.autoPush).toBe(false)
      expect(r.problems[0]?.kind).toBe("invalid")
    }
  })
})

describe("egc doctor's config check", () => {
  test("ok with valid files, warn on an untrusted loosening, fail on an invalid file", async () => {
    const { configCheck } = await import("../../src/core/doctor")
    using t = project({ guard: { deny: ["make deploy"] } })
    expect((await configCheck(t.path)).status).toBe("ok")
    writeFileSync(projectConfigPath(t.path), JSON.stringify({ guard: { enabled: false } }))
    const warn = await configCheck(t.path)
    expect(warn.status).toBe("warn")
    expect(warn.detail).toContain("guard.enabled: false")
    userConfig({ mesh: { claimMinutes: "soon" } })
    const fail = await configCheck(t.path)
    expect(fail.status).toBe("fail")
    expect(fail.detail).toContain(paths.config())
    expect(fail.detail).toContain("mesh.claimMinutes")
  })
})
