import { describe, expect, test } from "bun:test"
import { chmodSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { HOOK_PROBE_MARK } from "../../src/hooks"
import { installChecks } from "../../src/install/doctor"
import { VERSION } from "../../src/version"
import { install, sandbox } from "./_harness"

/** A stand-in binary: answers --version, and exits 0 for anything else (so hook commands "run"). */
function versionedBin(path: string, version: string): string {
  writeFileSync(path, `#!/bin/sh\nif [ "$1" = "--version" ]; then echo ${version}; fi\nexit 0\n`)
  chmodSync(path, 0o755)
  return path
}

const byName = async (cwd: string) => Object.fromEntries((await installChecks({ cwd })).map((c) => [c.name, c]))

describe("install doctor", () => {
  test("nothing installed is a warning with the fix", async () => {
    using sb = sandbox()
    const checks = await installChecks({ cwd: sb.project })
    expect(checks).toEqual([
      { name: "install", status: "warn", detail: "egc is not registered in any coding tool", fix: "egc install" },
    ])
  })

  test("healthy entries and binary; serve that does not speak MCP fails; every hook command runs", async () => {
    using sb = sandbox()
    const bin = versionedBin(join(sb.tmp.path, "egc"), VERSION)
    install(sb, { targets: ["claude-code", "cline"], bin })
    const c = await byName(sb.project)
    expect(c["install claude-code"]?.status).toBe("ok")
    expect(c["install cline"]?.status).toBe("ok")
    expect(c["install bin"]).toMatchObject({ status: "ok" })
    expect(c["install serve"]).toMatchObject({ status: "fail", fix: "run egc serve by hand to see its error" })
    expect(c["install hooks"]?.status).toBe("ok")
    expect(c["install hooks"]?.detail).toMatch(/^\d+ hook commands run and answer$/)
  })

  test("a removed entry, a binary of another version, and a missing binary are each named with the fix", async () => {
    using sb = sandbox()
    const bin = versionedBin(join(sb.tmp.path, "egc"), VERSION)
    install(sb, { targets: ["gemini"], bin })
    writeFileSync(join(sb.home, ".gemini", "settings.json"), "{}\n")
    let c = await byName(sb.project)
    expect(c["install gemini"]).toMatchObject({ status: "fail", fix: "egc install --target gemini" })
    expect(c["install gemini"]?.detail).toContain("mcp entry in")
    versionedBin(bin, "0.0.1-old")
    c = await byName(sb.project)
    expect(c["install bin"]).toMatchObject({
      status: "fail",
      detail: `${bin} is version 0.0.1-old, this egc is ${VERSION}`,
    })
    rmSync(bin)
    c = await byName(sb.project)
    expect(c["install bin"]?.detail).toContain("does not exist")
    expect(c["install serve"]).toBeUndefined()
  })

  test("every binary the entries point at is checked, not only the last one installed", async () => {
    using sb = sandbox()
    const old = versionedBin(join(sb.tmp.path, "old 'bin'"), VERSION)
    install(sb, { targets: ["codex"], bin: old })
    install(sb, { targets: ["qwen"], bin: versionedBin(join(sb.tmp.path, "egc"), VERSION) })
    expect((await byName(sb.project))["install bin"]?.status).toBe("ok")
    rmSync(old)
    const checks = await installChecks({ cwd: sb.project })
    const failed = checks.filter((c) => c.name === "install bin" && c.status === "fail")
    expect(failed.map((c) => c.detail)).toEqual([`${old} does not exist; egc entries point at it`])
  })

  test("a hook command that fails is reported with its exit code", async () => {
    using sb = sandbox()
    const bin = join(sb.tmp.path, "egc")
    writeFileSync(
      bin,
      `#!/bin/sh\nif [ "$1" = "--version" ]; then echo ${VERSION}; exit 0; fi\necho "no such event" >&2\nexit 9\n`,
    )
    chmodSync(bin, 0o755)
    install(sb, { targets: ["codex"], bin })
    const c = await byName(sb.project)
    expect(c["install hooks"]?.status).toBe("fail")
    expect(c["install hooks"]?.detail).toMatch(/6 of 6 hook commands failed: .* → exit 9 \(no such event\)/)
  })

  test("a pre-tool probe that asks by exit 2 passes only with egc's probe mark", async () => {
    const answering = (mark: string) =>
      `#!/bin/sh\nif [ "$1" = "--version" ]; then echo ${VERSION}; exit 0; fi\necho "egc: ${mark}: asked" >&2\nexit 2\n`
    using sb = sandbox()
    const bin = join(sb.tmp.path, "egc")
    writeFileSync(bin, answering(HOOK_PROBE_MARK))
    chmodSync(bin, 0o755)
    install(sb, { targets: ["kiro"], bin })
    expect((await byName(sb.project))["install hooks"]?.status).toBe("ok")
    writeFileSync(bin, answering("blocked"))
    const c = await byName(sb.project)
    expect(c["install hooks"]?.status).toBe("fail")
    expect(c["install hooks"]?.detail).toMatch(/hook commands failed: .* → exit 2/)
  })

  test("a corrupt record fails with the fix", async () => {
    using sb = sandbox()
    install(sb, { targets: ["qwen"] })
    writeFileSync(join(process.env.EGC_HOME as string, "install.json"), "{ not json")
    const checks = await installChecks({ cwd: sb.project })
    expect(checks[0]).toMatchObject({ name: "install", status: "fail" })
    expect(checks[0]?.detail).toContain("is not valid JSON")
  })
})
