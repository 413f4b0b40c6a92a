import { describe, expect, test } from "bun:test"
import { join } from "node:path"
import { newId } from "../../src/core/ids"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { allTools } from "../../src/mcp/tools"
import { makeGitRepo, tmpdir } from "../fixture"
import { connect, textOf, type Elicit } from "./_client"

type Json = Record<string, any>
const accept: Elicit = () => ({ action: "accept", content: { approve: true } })
const decline: Elicit = () => ({ action: "decline" })
const cancel: Elicit = () => ({ action: "cancel" })
const unticked: Elicit = () => ({ action: "accept", content: { approve: false } })
const broken: Elicit = () => {
  throw new Error("dialog crashed")
}

/** A real SDK client: with `elicit` it declares the elicitation capability and answers with it. */
async function open(cwd: string, elicit?: Elicit) {
  const c = await connect({ cwd, tools: allTools, sessionId: newId("s_"), ...(elicit ? { elicit } : {}) })
  const call = async (name: string, args: Json = {}) => {
    const r = await c.client.callTool({ name, arguments: args })
    if (r.isError) throw new Error(textOf(r))
    return r.structuredContent as Json
  }
  const fail = async (name: string, args: Json = {}) => {
    const r = await c.client.callTool({ name, arguments: args })
    expect(r.isError).toBe(true)
    return textOf(r)
  }
  return { ...c, call, fail }
}

const miner = { source: "hook:miner" as const, sessionId: "s_hook" }
const statusOf = (_cwd: string, id: string) => {
  const row = openMemory()
    .store.db.query("SELECT status, content_enc IS NOT NULL AS sealed FROM memory_items WHERE id = ?")
    .get(id) as Json
  return { status: row.status as string, content: row.sealed === 1 }
}

describe("a person's decisions come from the person (MCP elicitation or the egc CLI)", () => {
  test("review: a pending item stays pending on decline, cancel, an unticked box, an error or a client that cannot ask; accept activates it", async () => {
    using t = tmpdir({ git: true })
    const project = resolveProject(t.path)
    const p = openMemory().write(
      { kind: "decision", title: "Adopt pnpm workspaces", body: "mined from a transcript" },
      { project, actor: miner },
    )
    expect(p.outcome).toBe("pending")
    const id = p.id as string

    const mute = await open(t.path)
    const msg = await mute.fail("memory_review", { action: "approve", id })
    expect(msg).toContain(`egc memory approve ${id} --cwd`)
    expect(msg).toContain("nothing changed")
    expect(await mute.fail("memory_review", { action: "reject", id })).toContain(`egc memory reject ${id}`)
    expect(statusOf(t.path, id).status).toBe("pending")

    for (const answer of [decline, cancel, unticked, broken]) {
      const c = await open(t.path, answer)
      expect(await c.fail("memory_review", { action: "approve", id })).toContain("nothing changed")
      expect(c.asked).toHaveLength(1)
      expect(statusOf(t.path, id).status).toBe("pending")
      await c.close()
    }
    // what the person is shown: title, kind and project
    const yes = await open(t.path, accept)
    expect((await yes.call("memory_review")).pending.map((v: Json) => v.id)).toEqual([id])
    const r = await yes.call("memory_review", { action: "approve", id })
    expect(r.outcome).toBe("approved")
    const asked = yes.asked[0]?.message ?? ""
    expect(asked).toContain("Adopt pnpm workspaces")
    expect(asked).toContain("kind: decision")
    expect(asked).toContain(project.display)
    expect(statusOf(t.path, id).status).toBe("active")
    const audit = openMemory().audit({ project, item: id })
    expect(audit.find((a) => a.action === "approve")?.source).toBe("elicitation")
    await Promise.all([mute.close(), yes.close()])
  })

  test("consent: the agent cannot grant itself storage; the person's accept can; refusals need no one", async () => {
    using t = tmpdir({ git: true })
    const project = resolveProject(t.path)
    openMemory().setPolicy({ project, policy: "grant" }, { source: "cli" })
    const mute = await open(t.path)
    const msg = await mute.fail("memory_consent", { decision: "approve-session" })
    expect(msg).toContain(`egc memory grant approve-session --session ${mute.session.id} --cwd`)
    expect(await mute.fail("store_decision", { decision: "Use feature flags", context: "x" })).toContain("consent")

    const no = await open(t.path, decline)
    expect(await no.fail("memory_consent", { decision: "approve-run" })).toContain("declined")
    expect(await no.fail("store_decision", { decision: "Use feature flags", context: "x" })).toContain("consent")
    // a refusal only narrows: recorded without asking
    expect((await no.call("memory_consent", { decision: "reject-session" })).decision).toBe("reject-session")
    expect(no.asked).toHaveLength(1)

    const yes = await open(t.path, accept)
    expect((await yes.call("memory_consent", { decision: "approve-run" })).decision).toBe("approve-run")
    expect(yes.asked[0]?.message).toContain(project.display)
    expect((await yes.call("store_decision", { decision: "Use feature flags", context: "x" })).outcome).toBe("created")
    await Promise.all([mute.close(), no.close(), yes.close()])
  })

  test("search_history all_projects: no row of another project without the person's accept; this project's rows always", async () => {
    using t = tmpdir()
    const a = join(t.path, "a")
    const b = join(t.path, "b")
    makeGitRepo(a, { origin: "git@github.com:acme/a.git", branch: "main" })
    makeGitRepo(b, { origin: "git@github.com:acme/b.git", branch: "main" })
    const memory = openMemory()
    memory.write(
      { kind: "decision", title: "Hash passwords with argon2id in A", body: "secret plan of A" },
      { project: resolveProject(a), actor: { source: "cli" } },
    )
    memory.write(
      { kind: "decision", title: "Hash passwords with argon2id in B", body: "plan of B" },
      { project: resolveProject(b), actor: { source: "cli" } },
    )

    const mute = await open(b)
    const own = await mute.call("search_history", { query: "argon2id passwords" })
    expect(own.results.map((r: Json) => r.title)).toEqual(["Hash passwords with argon2id in B"])
    const msg = await mute.fail("search_history", { query: "argon2id passwords", all_projects: true })
    expect(msg).toContain("egc memory search 'argon2id passwords' --all --cwd")
    expect(msg).not.toContain("secret plan of A")

    const no = await open(b, decline)
    expect(await no.fail("search_history", { query: "argon2id passwords", all_projects: true })).not.toContain('in A"')
    expect(no.asked[0]?.message).toContain('[github.com/acme/a] decision: "Hash passwords with argon2id in A"')
    expect(no.asked[0]?.message).not.toContain("in B")

    const yes = await open(b, accept)
    const all = await yes.call("search_history", { query: "argon2id passwords", all_projects: true })
    // other test files share this run's store, so other projects may match too
    const projects = all.results.map((r: Json) => r.project)
    expect(projects).toContain("github.com/acme/a")
    expect(projects).toContain("github.com/acme/b")
    await Promise.all([mute.close(), no.close(), yes.close()])
  })

  test("forget: hidden from every read at once, destroyed only after the person's accept", async () => {
    using t = tmpdir({ git: true })
    const project = resolveProject(t.path)
    const mute = await open(t.path)
    const keep = await mute.call("store_decision", { decision: "Client Beta pays in USD", context: "contract" })
    const s = await mute.call("store_decision", { decision: "Client Acme pays in EUR", context: "contract 2026" })
    const f = await mute.call("memory_forget", { id: s.id })
    expect(f).toMatchObject({ hidden: [s.id], forgotten: [], tombstones: 0 })
    expect(f.note).toContain(`egc memory forget ${s.id} --cwd`)
    expect(f.note).toContain(`egc memory restore ${s.id} --cwd`)
    // invisible to every read, content still there for the person to decide
    expect((await mute.call("search_history", { query: "Client pays" })).results.map((r: Json) => r.id)).toEqual([
      keep.id,
    ])
    expect((await mute.call("memory_recall", { query: "Client Acme EUR" })).items.map((r: Json) => r.id)).not.toContain(
      s.id,
    )
    expect((await mute.call("get_state")).state).not.toContain("Acme")
    expect(openMemory().get({ project, id: s.id })).toBeUndefined()
    expect(statusOf(t.path, s.id)).toEqual({ status: "hidden", content: true })
    expect(
      await mute.fail("store_decision", { decision: "Client Acme pays in EUR", context: "contract 2026" }),
    ).toContain("forgot")
    expect(
      openMemory()
        .audit({ project, item: s.id })
        .map((a) => a.action),
    ).toContain("hide")

    const no = await open(t.path, decline)
    const d = await no.call("store_decision", { decision: "Client Gamma pays in GBP", context: "c" })
    expect((await no.call("memory_forget", { id: d.id })).forgotten).toEqual([])
    expect(statusOf(t.path, d.id)).toEqual({ status: "hidden", content: true })
    // the person brings it back with the CLI's write path
    expect(openMemory().restore({ project, id: d.id }, { source: "cli" }).ok).toBe(true)
    expect(openMemory().restore({ project, id: d.id }, { source: "agent" }).ok).toBe(false)
    expect((await no.call("search_history", { query: "Gamma GBP" })).results.map((r: Json) => r.id)).toEqual([d.id])

    const yes = await open(t.path, accept)
    // same text ("c") as Gamma: forget takes every copy, so the person is shown both
    const e = await yes.call("store_decision", { decision: "Client Delta pays in JPY", context: "c" })
    const gone = await yes.call("memory_forget", { id: e.id })
    expect(gone.hidden).toEqual([])
    expect([...gone.forgotten].sort()).toEqual([d.id, e.id].sort())
    expect(gone.tombstones).toBeGreaterThan(0)
    expect(yes.asked[0]?.message).toContain("Client Delta pays in JPY")
    expect(yes.asked[0]?.message).toContain("Client Gamma pays in GBP")
    expect(statusOf(t.path, e.id)).toEqual({ status: "forgotten", content: false })
    expect(
      openMemory()
        .audit({ project, item: e.id })
        .find((a) => a.action === "forget")?.source,
    ).toBe("elicitation")
    expect(statusOf(t.path, keep.id)).toEqual({ status: "active", content: true })
    await Promise.all([mute.close(), no.close(), yes.close()])
  })

  test("conflicts: keeping one item over another needs the person; keeping both does not", async () => {
    using t = tmpdir({ git: true })
    const no = await open(t.path, decline)
    const old = await no.call("store_decision", {
      decision: "Use Postgres 15 for the ledger",
      context: "team knows it",
    })
    const staged = await no.call("memory_propose", {
      items: [
        {
          kind: "decision",
          title: "Use Postgres 17 for the ledger",
          body: "MERGE RETURNING",
          supersedes: old.id,
          confidence: 0.5,
        },
      ],
    })
    await no.call("memory_commit", { proposal_id: staged.proposal_id })
    const [c] = (await no.call("memory_conflicts")).conflicts
    expect(await no.fail("memory_conflicts", { action: "resolve", id: c.id, keep: "new" })).toContain(
      `egc memory resolve ${c.id} --keep new`,
    )
    expect((await no.call("memory_conflicts")).conflicts).toHaveLength(1)
    expect(statusOf(t.path, old.id).status).toBe("active")
    expect((await no.call("memory_conflicts", { action: "resolve", id: c.id, keep: "both" })).resolved).toBe(true)
    expect(no.asked).toHaveLength(1)
    await no.close()
  })

  test("an unknown argument is a tool error naming it, at the top and inside objects; the right names work", async () => {
    using t = tmpdir({ git: true })
    const c = await open(t.path)
    expect(await c.fail("search_history", { querry: "x" })).toContain("querry")
    expect((await c.call("search_history", { query: "x" })).results).toEqual([])
    expect(await c.fail("update_state", { decisions: [{ what: "Use Bun", wht: "fast" }] })).toContain("wht")
    expect((await c.call("update_state", { decisions: [{ what: "Use Bun", why: "fast" }] })).stored).toBe(1)
    expect((await c.call("search_history", { query: "Bun", project: t.path })).results).toHaveLength(1)
    await c.close()
  })
})
