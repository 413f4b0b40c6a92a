import { afterEach, describe, expect, test } from "bun:test"
import { join } from "node:path"
import { setClock } from "../../src/core/clock"
import { resolveProject } from "../../src/core/project"
import {
  claim,
  claimHolder,
  endSession,
  forceRelease,
  heartbeat,
  listClaims,
  readEvents,
  release,
} from "../../src/mesh"
import { meshDb } from "../../src/mesh/store"
import { tmpdir } from "../fixture"
import { addWorktree, deadPid, session } from "./_mesh"

afterEach(() => setClock(undefined))

describe("claims", () => {
  test("an exclusive claim refuses an overlapping one, naming holder, since, why and until", () => {
    using dir = tmpdir({ git: true })
    const p = resolveProject(dir.path)
    const a = session(p, { tool: "claude-code", task: "refactor auth" })
    const b = session(p)
    const won = claim(p, a, { pattern: "src/auth.ts", reason: "splitting the module" })
    expect(won.ok).toBe(true)
    const lost = claim(p, b, { pattern: "./src//auth.ts" })
    expect(lost.ok).toBe(false)
    if (lost.ok) return
    expect(lost.conflict).toMatchObject({
      session: a,
      tool: "claude-code",
      reason: "splitting the module",
      pattern: "src/auth.ts",
      task: "refactor auth",
    })
    expect(lost.conflict.until - lost.conflict.since).toBe(15 * 60_000)
    expect(claim(p, b, { pattern: "src/other.ts" }).ok).toBe(true)
  })

  test("a glob claim covers the files under it, both ways round; disjoint globs do not conflict", () => {
    using dir = tmpdir({ git: true })
    const p = resolveProject(dir.path)
    const a = session(p)
    const b = session(p)
    expect(claim(p, a, { pattern: "src/api/**" }).ok).toBe(true)
    expect(claim(p, b, { pattern: "src/api/users/get.ts" }).ok).toBe(false)
    expect(claim(p, b, { pattern: "src/api/*.ts" }).ok).toBe(false)
    expect(claim(p, b, { pattern: "src/web/index.ts" }).ok).toBe(true)
    expect(claim(p, b, { pattern: "docs/*.md" }).ok).toBe(true)
    expect(claim(p, a, { pattern: "docs/guide.md" }).ok).toBe(false)
    expect(claim(p, a, { pattern: "docs/*.txt" }).ok).toBe(true)
    expect(claimHolder(p, join(dir.path, "src/api/deep/x.ts"), b)).toMatch(
      /src\/api\/deep\/x.ts is claimed exclusively by test session .* as src\/api\/\*\*/,
    )
    expect(claimHolder(p, join(dir.path, "src/api/deep/x.ts"), a)).toBeUndefined()
    expect(claimHolder(p, join(dir.path, "README.md"), b)).toBeUndefined()
  })

  test("shared claims coexist; shared and exclusive do not", () => {
    using dir = tmpdir({ git: true })
    const p = resolveProject(dir.path)
    const [a, b, c] = [session(p), session(p), session(p)]
    expect(claim(p, a, { pattern: "package.json", mode: "shared" }).ok).toBe(true)
    expect(claim(p, b, { pattern: "package.json", mode: "shared" }).ok).toBe(true)
    expect(claim(p, c, { pattern: "package.json" }).ok).toBe(false)
    expect(claimHolder(p, join(dir.path, "package.json"))).toBeUndefined()
  })

  test("different projects and different worktrees of one repository never conflict", () => {
    using one = tmpdir({ git: true })
    using two = tmpdir({ git: true })
    using wt = tmpdir()
    const p1 = resolveProject(one.path)
    const p2 = resolveProject(two.path)
    const w = addWorktree(one.path, join(wt.path, "feature"), "feature")
    expect(w.id).toBe(p1.id)
    const [a, b, c] = [session(p1), session(p2), session(w)]
    expect(claim(p1, a, { pattern: "src/a.ts" }).ok).toBe(true)
    expect(claim(p2, b, { pattern: "src/a.ts" }).ok).toBe(true)
    expect(claim(w, c, { pattern: "src/a.ts" }).ok).toBe(true)
    expect(listClaims(p1).map((x) => x.session)).toEqual([a])
    expect(
      listClaims(p1, { allWorktrees: true })
        .map((x) => x.session)
        .sort(),
    ).toEqual([a, c].sort())
  })

  test("patterns that match everything, escape the root or lie outside it are refused", () => {
    using dir = tmpdir({ git: true })
    using other = tmpdir()
    const p = resolveProject(dir.path)
    const a = session(p)
    for (const bad of [
      "**",
      "*",
      "**/*",
      "./**",
      "**/*.ts",
      "/",
      ".",
      "",
      "../x",
      "src/../../x",
      other.path,
      join(other.path, "f.ts"),
      "a\0b",
    ]) {
      expect(() => claim(p, a, { pattern: bad })).toThrow(/claim pattern/)
    }
    const abs = claim(p, a, { pattern: join(dir.path, "src", "new-file.ts") })
    expect(abs.ok && abs.claim.pattern).toBe("src/new-file.ts")
    const folder = claim(p, a, { pattern: "lib/" })
    expect(folder.ok && folder.claim.pattern).toBe("lib/**")
  })

  test("renewal keeps one claim; only the holder releases; expiry, session end and death free claims", async () => {
    using dir = tmpdir({ git: true })
    const p = resolveProject(dir.path)
    let t = Date.now()
    setClock(() => t)
    const a = session(p)
    const b = session(p)
    claim(p, a, { pattern: "x.ts", minutes: 1 })
    const renewed = claim(p, a, { pattern: "x.ts", minutes: 30 })
    expect(renewed.ok && renewed.renewed).toBe(true)
    expect(listClaims(p)).toHaveLength(1)
    expect(release(p, b, "x.ts")).toEqual([])
    expect(claim(p, b, { pattern: "x.ts" }).ok).toBe(false)
    t += 31 * 60_000
    heartbeat(b)
    heartbeat(a)
    expect(claim(p, b, { pattern: "x.ts" }).ok).toBe(true)
    expect(release(p, b, "x.ts")).toEqual(["x.ts"])
    claim(p, a, { pattern: "y.ts" })
    endSession(p.id, a, "ended")
    expect(claim(p, b, { pattern: "y.ts" }).ok).toBe(true)
    const ghost = session(p)
    expect(claim(p, ghost, { pattern: "z.ts" }).ok).toBe(true)
    expect(claim(p, b, { pattern: "z.ts" }).ok).toBe(false)
    meshDb()
      .query("UPDATE mesh_sessions SET pid = ? WHERE id = ?")
      .run(await deadPid(), ghost)
    expect(claim(p, b, { pattern: "z.ts" }).ok).toBe(true)
    expect(listClaims(p).some((x) => x.session === ghost)).toBe(false)
    const stale = session(p)
    claim(p, stale, { pattern: "s.ts" })
    t += 7 * 60_000
    heartbeat(b)
    expect(claim(p, b, { pattern: "s.ts" }).ok).toBe(true)
  })

  test("an expired claim is released with an event that says so", () => {
    using dir = tmpdir({ git: true })
    const p = resolveProject(dir.path)
    let t = Date.now()
    setClock(() => t)
    const [a, b] = [session(p), session(p)]
    readEvents(p, b)
    claim(p, a, { pattern: "e.ts", minutes: 1 })
    t += 2 * 60_000
    heartbeat(a)
    heartbeat(b)
    expect(listClaims(p)).toEqual([])
    const released = readEvents(p, b).filter((e) => e.kind === "released")
    expect(released).toEqual([expect.objectContaining({ pattern: "e.ts", why: "expired", from: a })])
  })

  test("a person can force a release from the CLI, and it is audited", () => {
    using dir = tmpdir({ git: true })
    const p = resolveProject(dir.path)
    const a = session(p)
    claim(p, a, { pattern: "locked.ts", reason: "mine" })
    const freed = forceRelease(p, "locked.ts", "alice")
    expect(freed.map((c) => c.pattern)).toEqual(["locked.ts"])
    expect(listClaims(p)).toHaveLength(0)
    const audit = meshDb().query("SELECT actor, action, claim_id FROM mesh_audit WHERE project = ?").all(p.id)
    expect(audit).toEqual([{ actor: "alice", action: "force-release", claim_id: freed[0]!.id }])
  })

  test("an unannounced session cannot claim", () => {
    using dir = tmpdir({ git: true })
    const p = resolveProject(dir.path)
    expect(() => claim(p, "nobody", { pattern: "a.ts" })).toThrow(/not announced/)
  })
})
