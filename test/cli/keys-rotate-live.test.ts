import { describe, expect, test } from "bun:test"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { closeAllDbs, openDb, storedKeyId } from "../../src/core/db"
import { keyIdOf, parseKeyText } from "../../src/core/key-file"
import { loadKeys, resetKeyCache } from "../../src/core/keys"
import { paths } from "../../src/core/paths"
import { resolveProject } from "../../src/core/project"
import { listTold } from "../../src/hooks"
import { recordTold } from "../../src/hooks/told"
import { detectPatterns } from "../../src/insight"
import { openMemory } from "../../src/memory"
import { announce, readEvents, send } from "../../src/mesh"
import { ownEgcHome, tmpdir } from "../fixture"
import { runSource } from "./_egc"
import { observeZebraFailure } from "./_rotate"

ownEgcHome()

const person = { source: "cli" as const }
const rotate = (cwd: string) =>
  runSource(["keys", "rotate", "--json"], { cwd, env: { EGC_HOME: paths.db().slice(0, -"/egc.db".length) } })
const fresh = () => {
  closeAllDbs()
  resetKeyCache()
}

/** Processes that run beside a rotation: the told record, insight and the mesh read back; stale keys fail closed. */
describe("egc keys rotate beside other processes", () => {
  test("told injections, observations and mesh messages read back after a rotation by another process", async () => {
    using dir = tmpdir({ git: { origin: "https://github.com/org/live" } })
    const project = resolveProject(dir.path)
    recordTold({ project: project.id, session: "s-1", event: "session-start", tool: "claude-code", text: "zebra-told" })
    for (let i = 0; i < 3; i++) observeZebraFailure(project.id)
    announce(project, { id: "s-live", pid: process.pid, tool: "claude-code", cwd: dir.path })
    send(project, "cli:me", { text: "zebra-mesh message" })
    const before = storedKeyId()
    fresh()

    const r = await rotate(dir.path)
    expect(r.code).toBe(0)
    const { to } = JSON.parse(r.stdout) as { to: string }
    expect(to).not.toBe(before)

    fresh()
    expect(loadKeys().keyId).toBe(to)
    expect(listTold({ project: project.id }).map((t) => t.text)).toEqual(["zebra-told"])
    const patterns = detectPatterns(project.id).patterns
    expect(patterns.some((p) => p.kind === "repeated-failure" && p.count === 3 && p.sample?.includes("zebra"))).toBe(
      true,
    )
    expect(readEvents(project, "s-live", { peek: true }).map((e) => e.text)).toContain("zebra-mesh message")
  }, 60_000)

  test("a process that loaded the key before the rotation writes nothing after it (fails closed); a fresh one writes", async () => {
    using dir = tmpdir({ git: { origin: "https://github.com/org/stale" } })
    const project = resolveProject(dir.path)
    const stale = openMemory()
    expect(
      stale.write({ kind: "decision", title: "Before", body: "zebra-before" }, { project, actor: person }).outcome,
    ).toBe("created")
    const r = await rotate(dir.path)
    expect(r.code).toBe(0)
    // the stale process still holds the old key and its binding check passed long ago
    expect(() =>
      stale.write({ kind: "decision", title: "Stale", body: "zebra-stale" }, { project, actor: person }),
    ).toThrow(/master key was rotated/)
    fresh()
    const current = openMemory()
    expect(
      current.write({ kind: "decision", title: "After", body: "zebra-after" }, { project, actor: person }).outcome,
    ).toBe("created")
    const titles = current.list({ project, scope: "all" }).map((v) => v.title)
    expect(titles.sort()).toEqual(["After", "Before"])
    expect(current.list({ project, scope: "all" }).unreadable).toEqual([])
  }, 60_000)

  test("a write lock held past the busy timeout: the rotation gives up, rolls back, and changes nothing", async () => {
    using dir = tmpdir({ git: { origin: "https://github.com/org/busy" } })
    const project = resolveProject(dir.path)
    openMemory().write({ kind: "decision", title: "Kept", body: "zebra-kept" }, { project, actor: person })
    const key = readFileSync(paths.masterKey(), "utf8")
    const id = storedKeyId()
    const db = openDb()
    db.exec("BEGIN IMMEDIATE")
    let r: Awaited<ReturnType<typeof rotate>>
    try {
      r = await rotate(dir.path)
    } finally {
      db.exec("ROLLBACK")
    }
    expect(r.code).toBe(74)
    expect(r.stderr).toContain("E_DB")
    expect(readFileSync(paths.masterKey(), "utf8")).toBe(key)
    expect(storedKeyId()).toBe(id)
    expect(readdirSync(paths.keysDir())).toEqual(["master.key"])
    fresh()
    expect(
      openMemory()
        .list({ project, scope: "all" })
        .map((v) => v.title),
    ).toEqual(["Kept"])
    // positive control: with the lock free the same rotation goes through
    const again = await rotate(dir.path)
    expect(again.code).toBe(0)
    fresh()
    expect(keyIdOf(parseKeyText(readFileSync(paths.masterKey(), "utf8"), "k"))).toBe(storedKeyId() ?? "")
    expect(
      openMemory()
        .list({ project, scope: "all" })
        .map((v) => v.title),
    ).toEqual(["Kept"])
    expect(existsSync(join(paths.keysDir(), "rotation.json"))).toBe(false)
  }, 60_000)
})
