import { describe, expect, test } from "bun:test"
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { HOOK_PROBE_MARK } from "../../src/hooks"
import { tmpdir } from "../fixture"
import { runEgc } from "./_binary"
import { prepareHome } from "./_installed-home"

/** `uninstall --purge` deletes only a recognisable egc home; doctor's hook probes leave the hook log clean. */
describe("uninstall --purge", () => {
  test("an unrelated folder, a file or the home itself named by EGC_HOME survives; a real egc home is purged", async () => {
    using t = tmpdir()
    const home = join(t.path, "home")
    mkdirSync(home)
    const env = (egcHome: string) => ({ HOME: home, EGC_HOME: egcHome })
    const unrelated = join(t.path, "work")
    mkdirSync(unrelated, { mode: 0o700 })
    writeFileSync(join(unrelated, "notes.txt"), "mine\n")
    const file = join(t.path, "a-file")
    writeFileSync(file, "also mine\n")
    for (const target of [unrelated, file, home]) {
      const r = await runEgc(["uninstall", "--purge", "--yes"], { cwd: t.path, env: env(target) })
      expect([target, r.code]).toEqual([target, 65])
      expect(r.stderr).toContain("not deleting")
    }
    expect(readFileSync(join(unrelated, "notes.txt"), "utf8")).toBe("mine\n")
    expect(readFileSync(file, "utf8")).toBe("also mine\n")
    expect(existsSync(home)).toBe(true)

    const real = join(t.path, "egc-home")
    expect((await runEgc(["crush", "--", "echo", "hi"], { cwd: t.path, env: env(real) })).code).toBe(0)
    writeFileSync(join(real, "stray.txt"), "not egc's\n")
    const stray = await runEgc(["uninstall", "--purge", "--yes"], { cwd: t.path, env: env(real) })
    expect(stray.code).toBe(65)
    expect(stray.stderr).toContain("stray.txt")
    expect(existsSync(join(real, "keys", "master.key"))).toBe(true)
    // positive control: without the stray file the same home goes, and what goes is listed first
    unlinkSync(join(real, "stray.txt"))
    const dry = await runEgc(["uninstall", "--purge", "--dry-run"], { cwd: t.path, env: env(real) })
    expect(dry.stderr).toContain(`would delete ${real}`)
    expect(existsSync(real)).toBe(true)
    const ok = await runEgc(["uninstall", "--purge", "--yes"], { cwd: t.path, env: env(real) })
    expect(ok.code).toBe(0)
    expect(ok.stderr).toContain(join(real, "egc.db"))
    expect(ok.stderr).toContain(join(real, "keys"))
    expect(existsSync(real)).toBe(false)
  }, 60_000)
})

describe("doctor's hook probes", () => {
  test("a probe's empty payload is not logged as unreadable; a real malformed payload still is", async () => {
    using t = tmpdir()
    const egcHome = join(t.path, "egc-home")
    const env = { EGC_HOME: egcHome }
    const log = () =>
      existsSync(join(egcHome, "logs", "egc.log")) ? readFileSync(join(egcHome, "logs", "egc.log"), "utf8") : ""
    const probe = await runEgc(["hook", "pre-tool", "--tool", "claude-code"], {
      cwd: t.path,
      env: { ...env, EGC_HOOK_PROBE: "1" },
      stdin: "",
    })
    // an environment variable never lets a pre-tool call pass: the probe is asked, with the mark doctor knows
    expect(probe.code).toBe(0)
    expect(JSON.parse(probe.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: "ask" })
    expect(probe.stdout).toContain(HOOK_PROBE_MARK)
    expect(log()).not.toContain("unreadable")
    const empty = await runEgc(["hook", "pre-tool", "--tool", "claude-code"], { cwd: t.path, env, stdin: "" })
    expect(empty.code).toBe(0)
    expect(log()).toContain("unreadable")
    const before = log().split("unreadable").length
    await runEgc(["hook", "pre-tool", "--tool", "claude-code"], {
      cwd: t.path,
      env: { ...env, EGC_HOOK_PROBE: "1" },
      stdin: "{oops",
    })
    expect(log().split("unreadable").length).toBe(before + 1)
  }, 60_000)

  // Kiro blocks by exit code: its probe answer exits 2 with the mark, and doctor still counts the hook as healthy
  test("egc doctor runs every installed hook command and the hook log gets no unreadable-payload warning", async () => {
    using h = prepareHome(["claude-code", "gemini", "kiro"])
    expect((await runEgc(["install", "--yes"], { cwd: h.project, env: h.env })).code).toBe(0)
    const kiro = await runEgc(["hook", "pre-tool", "--tool", "kiro"], {
      cwd: h.project,
      env: { ...h.env, EGC_HOOK_PROBE: "1" },
      stdin: "",
    })
    expect([kiro.code, kiro.stderr.includes(HOOK_PROBE_MARK)]).toEqual([2, true])
    // the doctor below runs that command among the others (it is in the install record)
    expect(readFileSync(join(h.env.EGC_HOME, "install.json"), "utf8")).toContain("pre-tool --tool kiro")
    const doctor = await runEgc(["doctor", "--json"], { cwd: h.project, env: h.env })
    const hooks = (JSON.parse(doctor.stdout) as Array<{ name: string; status: string; detail: string }>).find(
      (c) => c.name === "install hooks",
    )
    expect(hooks?.status).toBe("ok")
    expect(hooks?.detail).toMatch(/^\d+ hook commands run/)
    const logFile = join(h.env.EGC_HOME, "logs", "egc.log")
    expect(existsSync(logFile) ? readFileSync(logFile, "utf8") : "").not.toContain("unreadable")
  }, 60_000)
})
