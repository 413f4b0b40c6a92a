import { describe, expect, test } from "bun:test"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { DEFAULTS, loadConfig, projectConfigPath } from "../../src/core/config"
import { configSchema } from "../../src/core/config-schema"
import { EgcError } from "../../src/core/errors"
import { paths } from "../../src/core/paths"
import { tmpdir } from "../fixture"

const userConfig = (value: unknown) => {
  mkdirSync(paths.config().replace(/\/config\.json$/, ""), { recursive: true, mode: 0o700 })
  writeFileSync(paths.config(), typeof value === "string" ? value : JSON.stringify(value))
}

const withEnv = async <T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> => {
  const old = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]))
  Object.assign(process.env, vars)
  try {
    return await fn()
  } finally {
    for (const [k, v] of Object.entries(old))
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
  }
}

describe("config", () => {
  test("DEFAULTS equals the schema's defaults", () => {
    expect(configSchema.parse({})).toEqual(DEFAULTS)
  })

  test("layers merge: defaults ← user ← project ← env ← flags", async () => {
    using t = tmpdir()
    // the project layer tightens grant → review (a project may only tighten; see config-trust.test.ts)
    userConfig({ memory: { consent: "grant", recallTokenCap: 1000 }, guard: { protectedBranches: ["trunk"] } })
    mkdirSync(join(t.path, ".egc"))
    writeFileSync(projectConfigPath(t.path), JSON.stringify({ memory: { consent: "review" } }))
    try {
      const c = await loadConfig({ projectRoot: t.path })
      expect(c.memory.consent).toBe("review")
      expect(c.memory.recallTokenCap).toBe(1000)
      expect(c.guard.protectedBranches).toEqual(["trunk"])
      expect(c.crush).toEqual(DEFAULTS.crush)
      const e = await withEnv({ EGC_CONSENT: "off" }, () => loadConfig({ projectRoot: t.path }))
      expect(e.memory.consent).toBe("off")
      const f = await withEnv({ EGC_CONSENT: "off" }, () =>
        loadConfig({ projectRoot: t.path, flags: { memory: { consent: "agent" } } }),
      )
      expect(f.memory.consent).toBe("agent")
    } finally {
      rmSync(paths.config(), { force: true })
    }
  })

  test("an invalid field names the file and the path of the field", async () => {
    using t = tmpdir()
    mkdirSync(join(t.path, ".egc"))
    writeFileSync(
      projectConfigPath(t.path),
      JSON.stringify({ guard: { rules: { "git.reset": "maybe" } }, mesh: { claimMinutes: -1 } }),
    )
    const err = await loadConfig({ projectRoot: t.path }).catch((e) => e)
    expect(err).toBeInstanceOf(EgcError)
    expect((err as EgcError).code).toBe("E_CONFIG")
    expect((err as EgcError).message).toContain(projectConfigPath(t.path))
    const details = (err as EgcError).details.join("\n")
    expect(details).toContain("guard.rules.git.reset")
    expect(details).toContain("mesh.claimMinutes")
  })

  test("malformed JSON and unknown keys are refused", async () => {
    userConfig("{ not json")
    try {
      await expect(loadConfig()).rejects.toThrow(/is not valid JSON/)
      userConfig({ memroy: { consent: "agent" } })
      const err = (await loadConfig().catch((e) => e)) as EgcError
      expect(err.details.join("\n")).toContain("(root)")
      userConfig([1, 2])
      await expect(loadConfig()).rejects.toThrow(/must hold a JSON object/)
    } finally {
      rmSync(paths.config(), { force: true })
    }
  })
})
