import { describe, expect, test } from "bun:test"
import { chmodSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { tmpdir } from "../fixture"
import { runEgc } from "./_binary"

const home = () => {
  const t = tmpdir()
  return { t, env: { HOME: join(t.path, "home"), EGC_HOME: join(t.path, "egc") } }
}

describe("egc binary", () => {
  test("version prints the baked version on stdout only", async () => {
    const r = await runEgc(["version"])
    expect(r.code).toBe(0)
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
    expect(r.stderr).toBe("")
  })

  test("project --json identifies a git repository by its origin", async () => {
    using h = home().t
    const repo = tmpdir({ git: { origin: "git@github.com:Acme/api.git", branch: "feature/x" } })
    const r = await runEgc(["project", "--json"], { cwd: repo.path, env: { EGC_HOME: join(h.path, "egc") } })
    expect(r.code).toBe(0)
    const p = JSON.parse(r.stdout)
    expect(p.basis).toBe("origin")
    expect(p.name).toBe("github.com/Acme/api")
    expect(p.branch).toBe("feature/x")
    expect(p.id).toMatch(/^p_[0-9a-f]{32}$/)
    repo[Symbol.dispose]()
  })

  test("unknown command exits 64 with a one-line error on stderr", async () => {
    const r = await runEgc(["frobnicate"])
    expect(r.code).toBe(64)
    expect(r.stdout).toBe("")
    expect(r.stderr).toContain("unknown command 'frobnicate'")
    expect(r.stderr).not.toContain("    at ")
  })

  test("a world-writable EGC_HOME is refused with the fix", async () => {
    const { t, env } = home()
    using _ = t
    mkdirSync(env.EGC_HOME, { recursive: true })
    chmodSync(env.EGC_HOME, 0o777)
    const r = await runEgc(["doctor"], { env })
    expect(r.code).not.toBe(0)
    expect(r.stdout + r.stderr).toContain("chmod 700")
  })

  test("a corrupt config names the file and the field, exit 78", async () => {
    const { t, env } = home()
    using _ = t
    mkdirSync(env.EGC_HOME, { recursive: true, mode: 0o700 })
    writeFileSync(join(env.EGC_HOME, "config.json"), JSON.stringify({ memory: { consent: "sometimes" } }))
    const r = await runEgc(["doctor", "--json"], { env })
    const checks = JSON.parse(r.stdout) as Array<{ name: string; status: string; detail: string }>
    const config = checks.find((c) => c.name === "config")
    expect(config?.status).toBe("fail")
    expect(config?.detail).toContain(join(env.EGC_HOME, "config.json"))
    expect(r.code).toBe(1)
  })

  test("doctor passes on a fresh home", async () => {
    const { t, env } = home()
    using _ = t
    const r = await runEgc(["doctor"], { env })
    expect(r.stdout).toContain("✓ database")
    expect(r.code).toBe(0)
  })
})
