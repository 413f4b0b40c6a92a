import { Database } from "bun:sqlite"
import { describe, expect, test } from "bun:test"
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { aad, openText } from "../../src/core/crypto"
import { keyIdOf, parseKeyText } from "../../src/core/key-file"
import { keysOf } from "../../src/core/keys"
import { type TmpDir, tmpdir } from "../fixture"
import { runSource } from "./_egc"

/** `egc keys rotate` end to end, from source, on separate homes: read back, old key, bad input, crashes. */
interface World {
  dir: TmpDir
  project: TmpDir
  home: string
  bare: string
  egc(args: string[], extra?: Record<string, string>): ReturnType<typeof runSource>
  [Symbol.dispose](): void
}

function world(): World {
  const dir = tmpdir()
  const project = tmpdir({ git: { origin: "https://github.com/org/rotate" } })
  const home = join(dir.path, "egc")
  const bare = join(dir.path, "team.git")
  return {
    dir,
    project,
    home,
    bare,
    egc: (args, extra = {}) => runSource(args, { cwd: project.path, env: { EGC_HOME: home, ...extra } }),
    [Symbol.dispose]() {
      project[Symbol.dispose]()
      dir[Symbol.dispose]()
    },
  }
}

async function ok(w: World, args: string[], extra: Record<string, string> = {}): Promise<string> {
  const r = await w.egc(args, extra)
  if (r.code !== 0) throw new Error(`egc ${args.join(" ")} → ${r.code}: ${r.stderr}`)
  return r.stdout
}

const keyFile = (w: World) => join(w.home, "keys", "master.key")
const keyIdIn = (w: World) => keyIdOf(parseKeyText(readFileSync(keyFile(w), "utf8"), "key"))
const boundId = (w: World) => {
  const db = new Database(join(w.home, "egc.db"), { readonly: true })
  try {
    return (db.query("SELECT value FROM egc_meta WHERE key = 'key_id'").get() as { value: string }).value
  } finally {
    db.close()
  }
}

/** Memory (a decision, a forgotten text), a guard verdict, a stored crush output, a mesh message, a team. */
async function populate(w: World, opts: { team?: boolean } = {}): Promise<{ runId: string }> {
  await ok(w, ["memory", "add", "zebra-rotate-1: one file, WAL mode", "--kind", "decision", "--title", "Use SQLite"])
  await ok(w, ["memory", "add", "No ORM: zebra-rotate-2 raw SQL", "--kind", "avoid", "--title", "No ORM"])
  await ok(w, ["memory", "forget", "--text", "No ORM: zebra-rotate-2 raw SQL"])
  expect((await w.egc(["guard", "check", "git push --force origin main"])).code).toBe(2)
  const crushed = await ok(w, ["crush", "--", "seq", "1", "3000"])
  const runId = /egc crush show (r[0-9A-Z]{26})/.exec(crushed)?.[1] ?? ""
  expect(runId).not.toBe("")
  await ok(w, ["mesh", "send", "zebra-rotate-3: hello peers"])
  if (opts.team !== false) {
    expect(Bun.spawnSync(["git", "init", "-q", "--bare", w.bare]).exitCode).toBe(0)
    await ok(w, ["sync", "init", "--remote", w.bare, "--key-out", join(w.dir.path, "team.key")])
  }
  return { runId }
}

/** Every faculty reads its data back, keyed lookups still match, and new writes work. */
async function readBack(w: World, runId: string, opts: { team?: boolean } = {}): Promise<void> {
  const list = JSON.parse(await ok(w, ["memory", "list", "--json"])) as {
    items: Array<{ title: string; body: string }>
    unreadable?: unknown[]
  }
  expect(list.items.map((i) => `${i.title}: ${i.body}`)).toEqual(["Use SQLite: zebra-rotate-1: one file, WAL mode"])
  expect(await ok(w, ["memory", "search", "SQLite"])).toContain("Use SQLite")
  expect(await ok(w, ["memory", "audit"])).toContain("audit chain intact")
  const log = JSON.parse(await ok(w, ["guard", "log", "--json"])) as Array<{ command: string }>
  expect(log.map((e) => e.command)).toEqual(["git push --force origin main"])
  expect(await ok(w, ["crush", "show", runId])).toContain("\n2999\n")
  if (opts.team !== false) {
    const status = JSON.parse(await ok(w, ["sync", "status", "--json"])) as { remote: string; keys: number }
    expect(status).toMatchObject({ remote: w.bare, keys: 1 })
  }
  // the tombstone's keyed fingerprint still matches: the hashing key outlived the rotation
  const again = await w.egc(["memory", "add", "No ORM: zebra-rotate-2 raw SQL", "--kind", "avoid", "--title", "No ORM"])
  expect(again.code).toBe(65)
  expect(again.stderr).toContain("forgotten")
  await ok(w, ["memory", "add", "zebra-rotate-4: written after", "--kind", "decision", "--title", "After"])
}

describe("egc keys rotate", () => {
  test("everything re-sealed under a new key: each faculty reads back; the old key opens none of it", async () => {
    using w = world()
    const { runId } = await populate(w)
    const before = readFileSync(keyFile(w), "utf8")
    const oldId = keyIdIn(w)
    expect(before).toStartWith("egc-master-key-v1 ")
    expect(boundId(w)).toBe(oldId)

    const r = await w.egc(["keys", "rotate", "--json"])
    expect(r.code).toBe(0)
    const report = JSON.parse(r.stdout) as { from: string; to: string; records: number; outputs: number }
    expect(report.from).toBe(oldId)
    expect(report.outputs).toBe(1)
    expect(report.records).toBeGreaterThanOrEqual(6)
    const after = readFileSync(keyFile(w), "utf8")
    expect(after).toStartWith("egc-master-key-v2 ")
    expect(keyIdIn(w)).toBe(report.to)
    expect(boundId(w)).toBe(report.to)
    expect(statSync(keyFile(w)).mode & 0o777).toBe(0o600)
    // no key text is ever printed, old or new
    for (const secret of [...before.trim().split(" ").slice(1), ...after.trim().split(" ").slice(1)]) {
      expect(r.stdout + r.stderr).not.toContain(secret)
    }
    expect(readdirSync(join(w.home, "keys")).sort()).toEqual(["master.key"])

    await readBack(w, runId)

    // the old key opens nothing; the new one opens the same rows (positive control)
    const oldKeys = keysOf(parseKeyText(before, "old"))
    const newKeys = keysOf(parseKeyText(after, "new"))
    const db = new Database(join(w.home, "egc.db"), { readonly: true })
    try {
      const sealed = [
        ...(
          db
            .query("SELECT id, project, content_enc AS enc FROM memory_items WHERE content_enc IS NOT NULL")
            .all() as Row[]
        ).map((x) => ({ ...x, table: "memory_items" })),
        ...(db.query("SELECT id, project, command_sealed AS enc FROM guard_events").all() as Row[]).map((x) => ({
          ...x,
          table: "guard_events",
        })),
        ...(db.query("SELECT id, project, body AS enc FROM mesh_events").all() as Row[]).map((x) => ({
          ...x,
          table: "mesh_events",
        })),
        ...(db.query("SELECT project AS id, project, config_enc AS enc FROM sync_teams").all() as Row[]).map((x) => ({
          ...x,
          table: "sync_teams",
        })),
      ]
      expect(new Set(sealed.map((s) => s.table)).size).toBe(4)
      for (const s of sealed) {
        const additional = aad(s.table, s.id, s.project)
        expect(() => openText(newKeys.content, s.enc, additional)).not.toThrow()
        expect(() => openText(oldKeys.content, s.enc, additional)).toThrow()
      }
    } finally {
      db.close()
    }

    // the old key file put back is refused before anything is read or written
    writeFileSync(keyFile(w), before, { mode: 0o600 })
    const refused = await w.egc(["memory", "list"])
    expect(refused.code).toBe(77)
    expect(refused.stderr).toContain("E_KEY_WRONG")
    writeFileSync(keyFile(w), after, { mode: 0o600 })
    expect((await w.egc(["memory", "list"])).code).toBe(0)
  }, 60_000)

  test("a second rotation of a v2 key keeps working; --keep-old keeps the old key 0600; backup → restore reopens", async () => {
    using w = world()
    await ok(w, ["memory", "add", "zebra-rotate-5: kept", "--kind", "decision", "--title", "Kept"])
    await ok(w, ["keys", "rotate"])
    const second = readFileSync(keyFile(w), "utf8")
    const secondId = keyIdIn(w)
    const out = await ok(w, ["keys", "rotate", "--keep-old", "--json"])
    const report = JSON.parse(out) as { from: string; to: string; oldKey: string }
    expect(report.from).toBe(secondId)
    expect(report.oldKey).toBe(join(w.home, "keys", `master.key.old-${secondId}`))
    expect(readFileSync(report.oldKey, "utf8")).toBe(second)
    expect(statSync(report.oldKey).mode & 0o777).toBe(0o600)
    const status = JSON.parse(await ok(w, ["keys", "--json"])) as { keyId: string; oldKeys: string[] }
    expect(status).toMatchObject({ keyId: report.to, oldKeys: [report.oldKey] })
    // hashing key unchanged across both rotations, sealing root new each time
    const [a, b] = [parseKeyText(second, "a"), parseKeyText(readFileSync(keyFile(w), "utf8"), "b")]
    expect(Buffer.from(a.hash).equals(Buffer.from(b.hash))).toBe(true)
    expect(Buffer.from(a.seal).equals(Buffer.from(b.seal))).toBe(false)
    expect(await ok(w, ["memory", "list"])).toContain("Kept")

    const backup = join(w.dir.path, "home.backup")
    const pass = join(w.dir.path, "pass.txt")
    writeFileSync(pass, "a long enough passphrase\n", { mode: 0o600 })
    await ok(w, ["backup", backup, "--passphrase-file", pass])
    const fresh = join(w.dir.path, "fresh")
    const restore = (args: string[]) => runSource(args, { cwd: w.project.path, env: { EGC_HOME: fresh } })
    expect((await restore(["restore", backup, "--passphrase-file", pass])).code).toBe(0)
    expect(readFileSync(join(fresh, "keys", "master.key"), "utf8")).toStartWith("egc-master-key-v2 ")
    expect((await restore(["memory", "list"])).stdout).toContain("Kept")
  }, 60_000)

  test("bad input: no key yet, a garbled or exposed key file, unknown flags, extra words; nothing changes", async () => {
    using w = world()
    const none = await w.egc(["keys", "rotate"])
    expect(none.code).toBe(77)
    expect(none.stderr).toContain("nothing to rotate")
    expect(existsSync(keyFile(w))).toBe(false)

    await ok(w, ["memory", "add", "zebra-rotate-6: stays", "--kind", "decision", "--title", "Stays"])
    const good = readFileSync(keyFile(w), "utf8")
    const id = keyIdIn(w)
    for (const args of [
      ["keys", "rotate", "--force"],
      ["keys", "rotate", "now"],
      ["keys", "--force", "rotate"],
      ["keys", "--import", keyFile(w), "rotate"],
    ]) {
      const r = await w.egc(args)
      expect(r.code).toBe(64)
    }
    writeFileSync(keyFile(w), "egc-master-key-v2 not-a-key\n", { mode: 0o600 })
    const garbled = await w.egc(["keys", "rotate"])
    expect(garbled.code).toBe(77)
    expect(garbled.stderr).toContain("is not an egc master key")
    writeFileSync(keyFile(w), good, { mode: 0o600 })
    chmodSync(keyFile(w), 0o644)
    const exposed = await w.egc(["keys", "rotate"])
    expect(exposed.code).toBe(77)
    expect(exposed.stderr).toContain("readable by other users")
    chmodSync(keyFile(w), 0o600)
    // nothing was changed by any of them; the positive control rotates
    expect(readFileSync(keyFile(w), "utf8")).toBe(good)
    expect(boundId(w)).toBe(id)
    expect(readdirSync(join(w.home, "keys"))).toEqual(["master.key"])
    await ok(w, ["keys", "rotate"])
    expect(boundId(w)).not.toBe(id)
    expect(await ok(w, ["memory", "list"])).toContain("Stays")
  }, 60_000)
})

type Row = { id: string; project: string; enc: Uint8Array }

describe("an interrupted rotation is finished or rolled back by the next egc start", () => {
  for (const [step, outcome] of [
    ["staged", "rolled back"],
    ["committed", "finished"],
    ["swapped", "finished"],
  ] as const) {
    test(`killed at '${step}': the next command ${outcome} it and reads everything`, async () => {
      using w = world()
      const { runId } = await populate(w, { team: false })
      const oldId = keyIdIn(w)
      const killed = await w.egc(["keys", "rotate"], { EGC_TEST_ROTATE_STOP: step })
      expect(killed.code).not.toBe(0)
      const journal = join(w.home, "keys", "rotation.json")
      expect(existsSync(journal)).toBe(true)
      const { to } = JSON.parse(readFileSync(journal, "utf8")) as { to: string }
      expect(boundId(w)).toBe(step === "staged" ? oldId : to)

      const next = await w.egc(["memory", "list", "--json"])
      expect(next.code).toBe(0)
      expect(next.stderr).toContain(`${outcome} an interrupted key rotation`)
      expect(readdirSync(join(w.home, "keys"))).toEqual(["master.key"])
      const id = step === "staged" ? oldId : to
      expect(keyIdIn(w)).toBe(id)
      expect(boundId(w)).toBe(id)
      expect(statSync(keyFile(w)).mode & 0o777).toBe(0o600)
      await readBack(w, runId, { team: false })
      // and a later rotation runs normally
      await ok(w, ["keys", "rotate"])
      expect(await ok(w, ["memory", "list"])).toContain("Use SQLite")
    }, 60_000)
  }
})
