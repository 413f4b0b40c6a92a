import { describe, expect, test } from "bun:test"
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { tmpdir } from "../fixture"
import { newHome } from "./_home"

type View = { title: string; status: string; body: string }

describe("backup → restore on a fresh home", () => {
  test("reopens everything; a wrong passphrase is refused and writes nothing; the file reveals nothing", async () => {
    using p = tmpdir({ git: { origin: "https://github.com/org/backup" } })
    using files = tmpdir()
    const pass = join(files.path, "pass")
    const wrong = join(files.path, "wrong")
    writeFileSync(pass, "correct horse battery staple\n")
    writeFileSync(wrong, "incorrect horse battery staple\n")
    const one = newHome("one")
    await one.act(p.path, [
      { op: "write", kind: "decision", title: "Canary", body: "zebra-canary-4711 lives in the backup" },
      { op: "write", kind: "lesson", title: "Second", body: "pending until reviewed", source: "hook:miner" },
    ])
    const file = join(files.path, "home.egcbak")
    const made = await one.egc(["backup", file, "--passphrase-file", pass], p.path)
    expect(made.code).toBe(0)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const raw = readFileSync(file, "utf8")
    expect(raw).not.toContain("zebra-canary-4711")
    expect(raw).not.toContain(
      readFileSync(join(one.path, "keys", "master.key"), "utf8")
        .split(" ")[1]
        ?.trim() ?? "never",
    )
    const iterations = JSON.parse(raw).box.iterations
    expect(iterations).toBeGreaterThanOrEqual(600_000)

    const fresh = newHome("fresh")
    const refused = await fresh.egc(["restore", file, "--passphrase-file", wrong], p.path)
    expect(refused.code).toBe(65)
    expect(existsSync(join(fresh.path, "egc.db"))).toBe(false)
    expect(existsSync(join(fresh.path, "keys", "master.key"))).toBe(false)

    const ok = await fresh.egc(["restore", file, "--passphrase-file", pass], p.path)
    expect(ok.code).toBe(0)
    expect(statSync(join(fresh.path, "keys", "master.key")).mode & 0o777).toBe(0o600)
    const [items] = await fresh.act<[View[]]>(p.path, [{ op: "list" }])
    expect(items.map((v) => `${v.title}:${v.status}`).sort()).toEqual(["Canary:active", "Second:pending"])
    expect(items.find((v) => v.title === "Canary")?.body).toBe("zebra-canary-4711 lives in the backup")
    // restore only fills an empty home: a second one is refused
    expect((await fresh.egc(["restore", file, "--passphrase-file", pass], p.path)).code).toBe(65)
    // an altered file is refused like a wrong passphrase
    const box = JSON.parse(raw)
    box.keyId = "0000000000000000"
    const altered = join(files.path, "altered")
    writeFileSync(altered, JSON.stringify(box))
    const other = newHome("other")
    expect((await other.egc(["restore", altered, "--passphrase-file", pass], p.path)).code).toBe(65)
    expect(existsSync(join(other.path, "egc.db"))).toBe(false)
  }, 120_000)

  test("a short passphrase is refused before anything is written", async () => {
    using p = tmpdir({ git: true })
    using files = tmpdir()
    writeFileSync(join(files.path, "short"), "abc\n")
    const home = newHome("short")
    await home.act(p.path, [{ op: "write", kind: "decision", title: "x", body: "y" }])
    const r = await home.egc(["backup", join(files.path, "b"), "--passphrase-file", join(files.path, "short")], p.path)
    expect(r.code).toBe(64)
    expect(existsSync(join(files.path, "b"))).toBe(false)
  }, 30_000)
})
