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

describe("egc keys and damaged stores", () => {
  test("keys export needs --i-understand and writes a 0600 recovery copy", async () => {
    const { t, env } = home()
    using _ = t
    const out = join(t.path, "recovery.txt")
    const refused = await runEgc(["keys", "--export", out], { env })
    expect(refused.code).toBe(64)
    expect(refused.stderr).toContain("--i-understand")
    const ok = await runEgc(["keys", "--export", out, "--i-understand"], { env })
    expect(ok.code).toBe(0)
    const { statSync, readFileSync } = await import("node:fs")
    expect(statSync(out).mode & 0o777).toBe(0o600)
    expect(readFileSync(out, "utf8")).toMatch(/^egc-master-key-v1 [A-Za-z0-9+/]{43}=\n$/)
    const again = await runEgc(["keys", "--export", out, "--i-understand"], { env })
    expect(again.code).toBe(74)
  })

  test("a corrupt database is reported by doctor with the fix and left byte-identical", async () => {
    const { t, env } = home()
    using _ = t
    mkdirSync(env.EGC_HOME, { recursive: true, mode: 0o700 })
    const db = join(env.EGC_HOME, "egc.db")
    writeFileSync(db, "garbage that is not a database ".repeat(100))
    const r = await runEgc(["doctor", "--json"], { env })
    const checks = JSON.parse(r.stdout) as Array<{ name: string; status: string; detail: string; fix?: string }>
    const check = checks.find((c) => c.name === "database")
    expect(check?.status).toBe("fail")
    expect(check?.detail).toContain("not a valid egc database")
    expect(check?.fix).toContain("untouched")
    const { readFileSync } = await import("node:fs")
    expect(readFileSync(db, "utf8")).toBe("garbage that is not a database ".repeat(100))
  })

  test("a key file readable by others stops the command with the chmod fix", async () => {
    const { t, env } = home()
    using _ = t
    await runEgc(["keys"], { env })
    chmodSync(join(env.EGC_HOME, "keys", "master.key"), 0o644)
    const r = await runEgc(["project"], { env, cwd: t.path })
    expect(r.code).toBe(77)
    expect(r.stderr).toContain("chmod 600")
    expect(r.stderr).not.toContain("    at ")
  })
})
