import { Database } from "bun:sqlite"
import { describe, expect, test } from "bun:test"
import { randomBytes } from "node:crypto"
import { existsSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { closeAllDbs } from "../../src/core/db"
import { resetKeyCache } from "../../src/core/keys"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { payload } from "../hooks/_payloads"
import { tmpdir } from "../fixture"
import { runEgc } from "./_binary"
import { privateEgcHome } from "./_egc-home"

/**
 * The key binding on the compiled binary: with the key every writer writes; without it (or with
 * another one) the commands still run and the guard still guards, but nothing is written and the
 * person is told; `egc keys --import` brings the memory back.
 */
const TABLES = [
  "crush_runs",
  "insight_observations",
  "mesh_events",
  "guard_events",
  "hooks_transcripts",
  "memory_items",
]

function counts(home: string): Record<string, number> {
  const db = new Database(join(home, "egc.db"), { readonly: true })
  try {
    const out: Record<string, number> = {}
    for (const t of TABLES) {
      const exists = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(t)
      out[t] = exists ? (db.query(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n : 0
    }
    return out
  } finally {
    db.close()
  }
}

const otherKeyText = () => `egc-master-key-v1 ${randomBytes(32).toString("base64")}\n`

describe("egc keys: binding, refusal, import", () => {
  test("every writer writes with the key; without it or with another, none does and each says why", async () => {
    using home = privateEgcHome()
    using repo = tmpdir({ git: { origin: "https://example.com/keys/e2e.git" } })
    resetKeyCache()
    const project = resolveProject(repo.path)
    const made = openMemory().write(
      { kind: "decision", title: "Use SQLite for the queue", body: "one file" },
      { project, actor: { source: "agent" } },
    )
    expect(made.outcome).toBe("created")
    closeAllDbs()
    resetKeyCache()
    const transcript = join(repo.path, "t.jsonl")
    writeFileSync(
      transcript,
      `${JSON.stringify({ type: "user", message: { role: "user", content: [{ type: "text", text: "We decided to use tabs." }] } })}\n`,
    )
    const hook = (event: string, command = "ls") =>
      runEgc(["hook", event, "--tool", "claude-code"], {
        cwd: repo.path,
        stdin: JSON.stringify(payload("claude-code", event, { cwd: repo.path, command, transcript })),
      })
    const writeAll = async () => {
      const crush = await runEgc(["crush", "--", "echo", "hi"], { cwd: repo.path })
      const post = await hook("post-tool", "false")
      const start = await hook("session-start")
      const deny = await hook("pre-tool", "git reset --hard HEAD~1")
      const stop = await hook("stop")
      const mesh = await runEgc(["mesh", "send", "hello peers"], { cwd: repo.path })
      return { crush, post, start, deny, stop, mesh }
    }

    // positive control: with the right key each writer adds its row
    const before = counts(home.path)
    const ok = await writeAll()
    expect(ok.crush.stdout).toContain("hi")
    const after = counts(home.path)
    for (const t of ["crush_runs", "insight_observations", "mesh_events", "guard_events", "hooks_transcripts"])
      expect([t, after[t]! > before[t]!]).toEqual([t, true])
    expect((await runEgc(["memory", "list"], { cwd: repo.path })).stdout).toContain("Use SQLite for the queue")
    for (const f of ["egc.db", "egc.db-wal", "egc.db-shm"])
      expect([f, statSync(join(home.path, f)).mode & 0o777]).toEqual([f, 0o600])
    const backup = join(repo.path, "backup.key")
    expect((await runEgc(["keys", "--export", backup, "--i-understand"])).code).toBe(0)

    // the key is deleted: no new key is made, nothing is written, the command and the guard still work
    const keyFile = join(home.path, "keys", "master.key")
    unlinkSync(keyFile)
    const runsBefore = readdirSync(join(home.path, "crush")).length
    const gone = await writeAll()
    expect(existsSync(keyFile)).toBe(false)
    expect([gone.crush.code, gone.crush.stdout.trim()]).toEqual([0, "hi"])
    expect(gone.crush.stderr).toContain("egc keys --import")
    expect(counts(home.path)).toEqual(after)
    expect(readdirSync(join(home.path, "crush")).length).toBe(runsBefore)
    expect(JSON.parse(gone.deny.stdout).hookSpecificOutput.permissionDecision).toBe("deny")
    expect(gone.start.stdout).toContain("memory is unavailable")
    expect(gone.mesh.code).toBe(77)
    const allowed = await hook("pre-tool", "ls")
    expect([allowed.code, allowed.stdout]).toEqual([0, ""])
    expect(readFileSync(join(home.path, "logs", "egc.log"), "utf8")).toContain("master key problem")
    const list = await runEgc(["memory", "list"], { cwd: repo.path })
    expect(list.code).toBe(77)
    expect(list.stderr).toContain("egc keys --import")

    // another key in its place: refused the same way (E_KEY_WRONG)
    writeFileSync(keyFile, otherKeyText(), { mode: 0o600 })
    const wrong = await writeAll()
    expect(wrong.crush.stdout.trim()).toBe("hi")
    expect(wrong.crush.stderr).toContain("not the key this database was sealed with")
    expect(counts(home.path)).toEqual(after)
    expect(JSON.parse(wrong.deny.stdout).hookSpecificOutput.permissionDecision).toBe("deny")
    expect(wrong.start.stdout).toContain("memory is unavailable")
    expect((await runEgc(["memory", "list"], { cwd: repo.path })).code).toBe(77)

    // import: a different key in place needs --force, which moves it aside; then memory reads work again
    const noForce = await runEgc(["keys", "--import", backup])
    expect(noForce.code).toBe(65)
    expect(noForce.stderr).toContain("--force")
    const forced = await runEgc(["keys", "--import", backup, "--force"])
    expect(forced.code).toBe(0)
    expect(readdirSync(join(home.path, "keys")).some((n) => n.startsWith("master.key.replaced-"))).toBe(true)
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    expect(readFileSync(keyFile, "utf8")).toBe(readFileSync(backup, "utf8"))
    expect((await runEgc(["memory", "list"], { cwd: repo.path })).stdout).toContain("Use SQLite for the queue")
    await runEgc(["crush", "--", "echo", "hi"], { cwd: repo.path })
    expect(counts(home.path).crush_runs).toBe(after.crush_runs! + 1)
  }, 120_000)

  test("import validates the file, refuses a key the database was not sealed with, restores a missing one", async () => {
    using home = privateEgcHome()
    using dir = tmpdir()
    resetKeyCache()
    expect((await runEgc(["crush", "--", "echo", "hi"], { cwd: dir.path })).code).toBe(0)
    const keyFile = join(home.path, "keys", "master.key")
    const original = readFileSync(keyFile, "utf8")
    const stranger = join(dir.path, "stranger.key")
    writeFileSync(stranger, otherKeyText())
    const garbage = join(dir.path, "garbage.key")
    writeFileSync(garbage, "32 random bytes, honest\n")
    const bad = await runEgc(["keys", "--import", garbage])
    expect(bad.code).toBe(77)
    expect(bad.stderr).toContain("not an egc master key")
    const foreign = await runEgc(["keys", "--import", stranger, "--force"])
    expect(foreign.code).toBe(77)
    expect(foreign.stderr).toContain("the database was sealed with key id")
    expect(readFileSync(keyFile, "utf8")).toBe(original)
    const backup = join(dir.path, "backup.key")
    writeFileSync(backup, original)
    unlinkSync(keyFile)
    const restored = await runEgc(["keys", "--import", backup])
    expect(restored.code).toBe(0)
    expect(readFileSync(keyFile, "utf8")).toBe(original)
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    const same = await runEgc(["keys", "--import", backup])
    expect([same.code, same.stderr]).toEqual([0, expect.stringContaining("already in place")])
  }, 60_000)
})
