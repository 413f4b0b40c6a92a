import { describe, expect, test } from "bun:test"
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { setClock } from "../../src/core/clock"
import { resolveProject } from "../../src/core/project"
import { makeGitRepo, tmpdir } from "../fixture"
import { agent, bench, miner, person } from "./_setup"

/** Two checkouts whose paths share their last two segments (the analysed tool's collision). */
function twins() {
  const root = tmpdir()
  const a = join(root.path, "srv", "a", "shop", "api")
  const c = join(root.path, "opt", "b", "shop", "api")
  for (const d of [a, c]) {
    mkdirSync(d, { recursive: true })
    makeGitRepo(d, { branch: "main" })
  }
  return { root, a: resolveProject(a), b: resolveProject(c) }
}

describe("isolation in one populated store", () => {
  test("another project's decisions, lessons, facts and working memory never appear; own ones do", () => {
    using b = bench()
    const t = twins()
    try {
      expect(t.a.id).not.toBe(t.b.id)
      const write = (p: typeof t.a, tag: string) => {
        const ctx = { project: p, actor: agent }
        b.memory.write(
          { kind: "decision", title: `Deploy with blue-green ${tag}`, body: "deploy decision for the shop api" },
          ctx,
        )
        b.memory.lessons.save({ body: `Never run database migrations on Friday ${tag}` }, ctx)
        b.memory.write(
          { kind: "constraint", body: `The shop api must answer in 200 ms ${tag}`, entities: ["src/api.ts"] },
          ctx,
        )
        b.memory.working.set({ key: "current-task", value: `refactor checkout ${tag}` }, ctx)
        b.memory.applyStatePatch(
          { context: `shop api context ${tag}`, decisions: [{ what: `state decision ${tag}` }] },
          ctx,
        )
      }
      write(t.a, "ALPHA")
      write(t.b, "BRAVO")
      const leaks = (texts: string[]) => texts.filter((x) => x.includes("BRAVO"))
      const mine = (texts: string[]) => texts.filter((x) => x.includes("ALPHA"))
      const texts = (vs: Array<{ title: string; body: string }>) => vs.map((v) => `${v.title} ${v.body}`)
      const queries = ["deploy", "migrations friday", "shop api 200 ms", "refactor checkout", "context"]
      for (const query of queries) {
        const r = texts(b.memory.recall({ project: t.a, query }).items)
        expect(leaks(r)).toEqual([])
        expect(mine(r).length).toBeGreaterThan(0)
        const s = texts(b.memory.search({ project: t.a, query }))
        expect(leaks(s)).toEqual([])
        expect(mine(s).length).toBeGreaterThan(0)
      }
      const all = texts(b.memory.list({ project: t.a, statuses: ["active", "pending", "superseded"] }))
      expect(leaks(all)).toEqual([])
      expect(mine(all).length).toBe(6)
      expect(leaks(texts(b.memory.lessons.recall({ project: t.a, query: "migrations" }, agent)))).toEqual([])
      expect(leaks(texts(b.memory.working.list({ project: t.a })))).toEqual([])
      expect(b.memory.working.get({ project: t.a, key: "current-task" })?.body).toBe("refactor checkout ALPHA")
      const state = b.memory.renderState({ project: t.a })
      expect(state).toContain("ALPHA")
      expect(state).not.toContain("BRAVO")
      // an id from the other project cannot be read, forgotten, approved or superseded from here
      const foreign = b.memory.list({ project: t.b, kinds: ["decision"] })[0]?.id as string
      expect(b.memory.get({ project: t.a, id: foreign })).toBeUndefined()
      expect(b.memory.forget({ project: t.a, id: foreign }, agent).forgotten).toEqual([])
      expect(
        b.memory.write({ kind: "decision", body: "x", supersedes: foreign }, { project: t.a, actor: agent }).code,
      ).toBe("not-found")
      expect(b.memory.get({ project: t.b, id: foreign })).toBeDefined()
    } finally {
      t.root[Symbol.dispose]()
    }
  })

  test("cross-project reads are explicit and every row names its project", () => {
    using b = bench()
    const pa = b.project({ origin: "git@github.com:acme/one.git" })
    const pb = b.project({ origin: "git@github.com:acme/two.git" })
    b.memory.write({ kind: "note", body: "kafka topic naming rule" }, { project: pa, actor: agent })
    b.memory.write({ kind: "note", body: "kafka retention rule" }, { project: pb, actor: agent })
    expect(b.memory.search({ project: pa, query: "kafka" }).length).toBe(1)
    const cross = b.memory.search({ project: pa, query: "kafka", crossProject: true })
    expect(cross.map((v) => v.project.display).sort()).toEqual(["github.com/acme/one", "github.com/acme/two"])
    expect(b.memory.list({ project: pa, crossProject: true }).length).toBe(2)
  })

  test("branches: a feature branch sees its own, the default branch's and project-wide items, not another branch's", () => {
    using b = bench()
    const root = tmpdir({ git: { branch: "main", origin: "git@github.com:acme/br.git" } })
    try {
      const main = resolveProject(root.path)
      const on = (branch: string) => ({ ...main, branch, scope: `branch:${branch}-x`, defaultBranch: "main" })
      const feature = { ...on("feature/a"), scope: "branch:feature-a" }
      const other = { ...on("feature/b"), scope: "branch:feature-b" }
      const mainView = { ...main, defaultBranch: "main" }
      b.memory.write({ kind: "decision", body: "main decision on caching" }, { project: mainView, actor: agent })
      b.memory.write({ kind: "decision", body: "feature A decision on caching" }, { project: feature, actor: agent })
      b.memory.write({ kind: "decision", body: "feature B decision on caching" }, { project: other, actor: agent })
      b.memory.write({ kind: "architecture", body: "project-wide caching layer" }, { project: feature, actor: agent })
      const seen = b.memory
        .recall({ project: feature, query: "caching" })
        .items.map((v) => v.body)
        .sort()
      expect(seen).toEqual(["feature A decision on caching", "main decision on caching", "project-wide caching layer"])
      const fromMain = b.memory
        .recall({ project: mainView, query: "caching" })
        .items.map((v) => v.body)
        .sort()
      expect(fromMain).toEqual(["main decision on caching", "project-wide caching layer"])
    } finally {
      root[Symbol.dispose]()
    }
  })

  test("stale items stay out of recall beside a live control: superseded, archived, rejected, forgotten, expired, pending", () => {
    using b = bench()
    const p = b.project()
    const ctx = { project: p, actor: agent }
    let t = Date.UTC(2026, 0, 1)
    setClock(() => t)
    try {
      const old = b.memory.write({ kind: "decision", body: "queue backend is RabbitMQ" }, ctx)
      const replacement = b.memory.write({ kind: "decision", body: "queue backend is NATS", supersedes: old.id }, ctx)
      b.memory.write({ kind: "working", key: "queue", body: "queue backend scratch note", ttlMs: 60_000 }, ctx)
      const pend = b.memory.write(
        { kind: "note", body: "queue backend rumour from transcript" },
        { project: p, actor: miner },
      )
      const rej = b.memory.write({ kind: "note", body: "queue backend wrong idea" }, { project: p, actor: miner })
      b.memory.reject(rej.id as string, { project: p, actor: person })
      const forg = b.memory.write({ kind: "note", body: "queue backend secret plan" }, ctx)
      b.memory.forget({ project: p, id: forg.id as string }, person)
      const lesson = b.memory.lessons.save({ body: "queue backend lesson that fades", confidence: 0.25 }, ctx)
      expect(b.memory.recall({ project: p, query: "queue backend" }).items.map((v) => v.id)).toContain(
        lesson.id as string,
      )
      t += 60_001
      expect(b.memory.recall({ project: p, query: "queue backend" }).items.map((v) => v.body)).not.toContain(
        "queue backend scratch note",
      )
      t += 30 * 86_400_000 + 2 * 7 * 86_400_000
      b.memory.lessons.sweep({ project: p })
      const got = b.memory.recall({ project: p, query: "queue backend" }).items.map((v) => v.id)
      expect(got).toEqual([replacement.id as string])
      expect(got).not.toContain(pend.id as string)
      expect(b.memory.pending({ project: p }).map((v) => v.id)).toEqual([pend.id as string])
    } finally {
      setClock(undefined)
    }
  })
})
