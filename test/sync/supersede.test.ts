import { describe, expect, test } from "bun:test"
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileName, parseTeamKey, projectDir, sealEnvelope, versionOf, type Payload } from "../../src/sync/team/envelope"
import { tmpdir } from "../fixture"
import { newHome, type Home } from "./_home"

type View = { title: string; status: string }
type Conflict = { id: string; new: string; old: string; reason: string }
const ORIGIN = "github.com/org/tool"
const ALL = ["active", "pending", "superseded", "archived", "rejected"]

function git(args: string[], cwd: string): string {
  const id = ["-c", "user.name=t", "-c", "user.email=t@t.invalid", "-c", "commit.gpgsign=false"]
  const r = Bun.spawnSync(["git", ...id, ...args], { cwd, stdout: "pipe", stderr: "pipe" })
  if (r.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr.toString()}`)
  return r.stdout.toString()
}

async function ok(home: Home, args: string[], cwd: string) {
  const r = await home.egc(args, cwd)
  if (r.code !== 0) throw new Error(`egc ${args.join(" ")} → ${r.code}: ${r.stderr}`)
  return r.stdout
}

const titles = async (home: Home, cwd: string) =>
  (await home.act<[View[]]>(cwd, [{ op: "list", statuses: ALL }]))[0].map((v) => `${v.title}:${v.status}`).sort()
const conflicts = async (home: Home, cwd: string) => (await home.act<[Conflict[]]>(cwd, [{ op: "conflicts" }]))[0]
const pullJson = async (home: Home, cwd: string) => JSON.parse(await ok(home, ["sync", "pull", "--json"], cwd))
const write = (title: string, body: string) => ({ op: "write", kind: "decision", title, body })
const supersede = (old: string, title: string, body: string) => ({
  op: "supersede",
  old,
  kind: "decision",
  title,
  body,
})

describe("supersession and conflicts across people", () => {
  test("a teammate's replacement replaces the copy here, opens a conflict when it changed here, loses to a tombstone", async () => {
    using t = tmpdir()
    const bare = join(t.path, "team.git")
    git(["init", "-q", "--bare", bare], t.path)
    using pa = tmpdir({ git: { origin: "git@github.com:Org/Tool.git" } })
    using pb = tmpdir({ git: { origin: "https://github.com/org/tool" } })
    using pc = tmpdir({ git: { origin: "https://github.com/org/tool.git" } })
    const keyFile = join(t.path, "team.key")
    const alice = newHome("alice")
    const bob = newHome("bob")
    const carol = newHome("carol")

    await alice.act(pa.path, [
      write("Use SQLite", "one file, WAL mode"),
      write("Indent tabs", "tabs for indentation"),
      write("Retry twice", "network calls retry twice"),
      write("Log JSON", "logs are JSON lines"),
    ])
    await ok(alice, ["sync", "init", "--remote", bare, "--key-out", keyFile, "--name", "alice"], pa.path)
    await ok(bob, ["sync", "join", "--remote", bare, "--key-file", keyFile, "--name", "bob"], pb.path)
    await ok(carol, ["sync", "join", "--remote", bare, "--key-file", keyFile, "--name", "carol", "--trust"], pc.path)
    expect(JSON.parse(await ok(alice, ["sync", "push", "--json"], pa.path)).pushed).toBe(4)
    expect((await pullJson(bob, pb.path)).received).toBe(4)
    await bob.act(
      pb.path,
      ["Use SQLite", "Indent tabs", "Retry twice", "Log JSON"].map((title) => ({ op: "approve", title })),
    )
    expect((await pullJson(carol, pc.path)).received).toBe(4)

    // alice changes two of them here before bob's replacements arrive, and forgets a third (not pushed)
    await alice.act(pa.path, [
      supersede("Indent tabs", "Indent spaces", "four spaces for indentation"),
      { op: "edit", title: "Log JSON", body: "logs are JSON lines with a level field" },
      { op: "forget", title: "Retry twice" },
    ])
    // bob replaces all four, each through the same supersede a local edit uses
    await bob.act(pb.path, [
      supersede("Use SQLite", "Use Postgres", "a server, for concurrent writers"),
      supersede("Indent tabs", "Indent two spaces", "two spaces for indentation"),
      supersede("Retry twice", "Retry thrice", "network calls retry three times"),
      supersede("Log JSON", "Log text", "logs are plain text"),
    ])
    expect(await titles(bob, pb.path)).toContain("Use SQLite:superseded")
    expect(JSON.parse(await ok(bob, ["sync", "push", "--json"], pb.path)).pushed).toBe(4)

    // carol trusts her team: the replacements are active at once, the old copies superseded (not deleted)
    const atCarol = await pullJson(carol, pc.path)
    expect(atCarol).toMatchObject({ received: 4, pending: 0, conflicts: 0, refused: [] })
    expect(await titles(carol, pc.path)).toEqual([
      "Indent tabs:superseded",
      "Indent two spaces:active",
      "Log JSON:superseded",
      "Log text:active",
      "Retry thrice:active",
      "Retry twice:superseded",
      "Use Postgres:active",
      "Use SQLite:superseded",
    ])

    // alice does not: the unchanged one waits for review; the two changed here conflict; the forgotten one is refused
    const atAlice = await pullJson(alice, pa.path)
    expect(atAlice).toMatchObject({ received: 3, pending: 3, conflicts: 2 })
    expect(atAlice.refused.map((r: { reason: string }) => r.reason)).toEqual([
      "tombstoned: it replaces a shared item forgotten here (tombstones win)",
    ])
    expect(await titles(alice, pa.path)).toEqual([
      "Indent spaces:active",
      "Indent tabs:superseded",
      "Indent two spaces:pending",
      "Log JSON:active",
      "Log text:pending",
      "Use Postgres:pending",
      "Use SQLite:active",
    ])
    const open = await conflicts(alice, pa.path)
    expect(open.map((c) => `${c.new} vs ${c.old}`).sort()).toEqual([
      "Indent two spaces:pending vs Indent spaces:active",
      "Log text:pending vs Log JSON:active",
    ])
    expect(open.find((c) => c.new.startsWith("Indent"))?.reason).toContain("already replaced here")
    expect(open.find((c) => c.new.startsWith("Log"))?.reason).toContain("edited here")

    // approving the unchanged one replaces the copy here; nothing is deleted
    await alice.act(pa.path, [{ op: "approve", title: "Use Postgres" }])
    const after = await titles(alice, pa.path)
    expect(after).toContain("Use Postgres:active")
    expect(after).toContain("Use SQLite:superseded")

    // the person resolves: keep bob's indentation (it is reviewed by the resolution), keep alice's log format
    const indent = open.find((c) => c.new.startsWith("Indent"))?.id ?? ""
    const log = open.find((c) => c.new.startsWith("Log"))?.id ?? ""
    await ok(alice, ["memory", "resolve", indent, "--keep", "new"], pa.path)
    await ok(alice, ["memory", "resolve", log, "--keep", "old"], pa.path)
    expect(await conflicts(alice, pa.path)).toEqual([])
    expect(await titles(alice, pa.path)).toEqual([
      "Indent spaces:superseded",
      "Indent tabs:superseded",
      "Indent two spaces:active",
      "Log JSON:active",
      "Log text:archived",
      "Use Postgres:active",
      "Use SQLite:superseded",
    ])
    // pulling again changes nothing and refuses the same tombstoned replacement again
    const again = await pullJson(alice, pa.path)
    expect(again).toMatchObject({ received: 0, conflicts: 0 })
    expect(again.refused.length).toBe(1)

    // alice's edit of her log decision goes out as a new version (with her forget); bob had replaced
    // his copy: a conflict there too
    expect(JSON.parse(await ok(alice, ["sync", "push", "--json"], pa.path))).toMatchObject({ pushed: 1, forgotten: 1 })
    const atBob = await pullJson(bob, pb.path)
    expect(atBob).toMatchObject({ received: 1, pending: 1, conflicts: 1, forgotten: 1, refused: [] })
    const atBobOpen = await conflicts(bob, pb.path)
    expect(atBobOpen.map((c) => `${c.new} vs ${c.old}`)).toEqual(["Log JSON:pending vs Log text:active"])
    expect(atBobOpen[0]?.reason).toBe("a teammate changed a shared item already replaced here")
    // control in the same store: bob's replacements are untouched, his old copy stays superseded (the
    // forgotten one is gone)
    expect(await titles(bob, pb.path)).toEqual([
      "Indent tabs:superseded",
      "Indent two spaces:active",
      "Log JSON:pending",
      "Log JSON:superseded",
      "Log text:active",
      "Retry thrice:active",
      "Use Postgres:active",
      "Use SQLite:superseded",
    ])
    // carol trusts her team: the new version is active at once, and the conflict is open all the same
    expect(await pullJson(carol, pc.path)).toMatchObject({ received: 1, pending: 0, conflicts: 1, refused: [] })
    const atCarolOpen = await conflicts(carol, pc.path)
    expect(atCarolOpen.map((c) => `${c.new} vs ${c.old}`)).toEqual(["Log JSON:active vs Log text:active"])

    // bob keeps his own; a key rotation re-sends alice's unchanged text: no new item, no new conflict
    await ok(bob, ["memory", "resolve", atBobOpen[0]?.id ?? "", "--keep", "old"], pb.path)
    const k2 = join(t.path, "team2.key")
    await ok(alice, ["sync", "rotate", "--key-out", k2], pa.path)
    await ok(bob, ["sync", "join", "--remote", bare, "--key-file", k2], pb.path)
    expect(JSON.parse(await ok(alice, ["sync", "push", "--json"], pa.path)).pushed).toBe(1)
    expect(await pullJson(bob, pb.path)).toMatchObject({ received: 0, unchanged: 1, conflicts: 0, refused: [] })
    expect(await conflicts(bob, pb.path)).toEqual([])
    expect((await titles(bob, pb.path)).filter((x) => x.startsWith("Log"))).toEqual([
      "Log JSON:archived",
      "Log JSON:superseded",
      "Log text:active",
    ])
  }, 240_000)

  test("old envelopes still pull; a replacement of an item never had here is a new item; altered references are refused", async () => {
    using t = tmpdir()
    const bare = join(t.path, "team.git")
    git(["init", "-q", "--bare", bare], t.path)
    using pa = tmpdir({ git: { origin: "https://github.com/org/tool" } })
    using pb = tmpdir({ git: { origin: "https://github.com/org/tool" } })
    const keyFile = join(t.path, "team.key")
    const alice = newHome("alice")
    const bob = newHome("bob")
    await alice.act(pa.path, [write("Use SQLite", "one file, WAL mode")])
    await ok(alice, ["sync", "init", "--remote", bare, "--key-out", keyFile, "--name", "alice"], pa.path)
    await ok(bob, ["sync", "join", "--remote", bare, "--key-file", keyFile, "--name", "bob"], pb.path)
    await ok(alice, ["sync", "push"], pa.path)

    using w = tmpdir()
    git(["clone", "-q", "-b", "main", bare, "w"], w.path)
    const work = join(w.path, "w")
    const key = parseTeamKey(readFileSync(keyFile, "utf8"))
    const dir = join(work, projectDir(key, ORIGIN))
    const [shared] = readdirSync(dir)
    const put = (p: Omit<Payload, "version" | "op">) => {
      const full: Payload = { op: "put", version: "", ...p }
      full.version = versionOf(key, full)
      const name = fileName(key, full, "")
      writeFileSync(join(dir, name), sealEnvelope(key, ORIGIN, name, full))
      return name
    }
    const base = { kind: "decision", entities: [], tags: [], author: "dave", at: 1 }
    // an envelope from before supersession travelled: no supersedes field at all
    put({ ...base, shared: "m_old1", title: "Old format", body: "sealed by an older egc" })
    // a replacement of a shared item bob never had
    put({
      ...base,
      shared: "m_new1",
      title: "Never had",
      body: "replaces something unknown here",
      supersedes: { shared: "m_gone", version: "00" },
    })
    // a reference that is not a shared item id, sealed properly
    put({
      ...base,
      shared: "m_bad1",
      title: "Bad ref",
      body: "points nowhere",
      supersedes: { shared: "../x y", version: "zz" },
    } as never)
    // a replacement whose sealed bytes were altered after sealing
    const altered = put({
      ...base,
      shared: "m_alt1",
      title: "Altered",
      body: "its reference was changed",
      supersedes: { shared: shared?.slice(0, 24) ?? "", version: "" },
    })
    const env = JSON.parse(readFileSync(join(dir, altered), "utf8"))
    const bytes = Buffer.from(env.sealed, "base64")
    bytes[bytes.length - 30] = (bytes[bytes.length - 30] ?? 0) ^ 1
    writeFileSync(join(dir, altered), JSON.stringify({ ...env, sealed: bytes.toString("base64") }))
    git(["add", "-A"], work)
    git(["commit", "-q", "-m", "dave"], work)
    git(["push", "-q", "origin", "HEAD:main"], work)

    const r = await pullJson(bob, pb.path)
    const reasons = r.refused.map((x: { reason: string }) => x.reason).sort()
    expect(reasons).toEqual([
      "malformed: the item it supersedes is not a shared item reference",
      "tampered: failed authentication (altered, renamed or moved from another project)",
    ])
    expect(await titles(bob, pb.path)).toEqual(["Never had:pending", "Old format:pending", "Use SQLite:pending"])
  }, 120_000)
})
