import { describe, expect, test } from "bun:test"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { tmpdir } from "../fixture"
import { runEgc } from "./_binary"

/** `egc memory …` on the compiled binary, over a store written by the production writer. */
describe("egc memory", () => {
  test("list, search, show, review/approve/reject, forget/unforget, history, consent, audit", async () => {
    using repo = tmpdir({ git: { origin: "git@github.com:acme/cli.git" } })
    using other = tmpdir({ git: { origin: "git@github.com:acme/other.git" } })
    const project = resolveProject(repo.path)
    const memory = openMemory()
    const agent = { project, actor: { source: "agent" as const, sessionId: "s_1" } }
    const d = memory.write(
      { kind: "decision", title: "Queue jobs with BullMQ", body: "Redis already runs in prod", scope: "project" },
      agent,
    )
    const p = memory.write(
      { kind: "preference", title: "Prefers small PRs", body: "mined from a transcript" },
      { project, actor: { source: "hook:miner", sessionId: "s_1" } },
    )
    const q = memory.write(
      { kind: "avoid", title: "Never vendor node_modules", body: "mined" },
      { project, actor: { source: "hook:miner", sessionId: "s_1" } },
    )
    memory.write(
      { kind: "decision", title: "Other project uses BullMQ too", body: "not yours" },
      { project: resolveProject(other.path), actor: { source: "agent" } },
    )
    const run = (...args: string[]) => runEgc(["memory", ...args], { cwd: repo.path })

    const listed = await run("list")
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain("Queue jobs with BullMQ")
    expect(listed.stdout).not.toContain("Other project")
    expect(listed.stdout).not.toContain("Prefers small PRs")
    expect((await run("search", "BullMQ")).stdout).not.toContain("Other project")
    expect((await run("search", "BullMQ", "--all")).stdout).toContain("[github.com/acme/other]")
    const shown = await run("show", d.id ?? "")
    expect(shown.stdout).toContain("Redis already runs in prod")

    const review = await run("review")
    expect(review.stdout).toContain(`egc memory approve ${p.id}`)
    expect((await run("approve", p.id ?? "", "--body", "edited by a person")).code).toBe(0)
    expect((await run("reject", q.id ?? "")).code).toBe(0)
    expect((await run("review")).stdout).toContain("nothing waits")
    expect((await run("show", p.id ?? "")).stdout).toContain("edited by a person")
    const again = await run("approve", q.id ?? "")
    expect(again.code).toBe(66)

    expect((await run("forget", d.id ?? "")).code).toBe(0)
    expect((await run("list")).stdout).not.toContain("Queue jobs")
    const back = memory.write(
      { kind: "decision", title: "Queue jobs with BullMQ", body: "Redis already runs in prod", scope: "project" },
      agent,
    )
    expect(back.outcome).toBe("refused")
    expect((await run("history", d.id ?? "")).stdout).toContain("forget")
    expect((await run("unforget", "--text", "some text never forgotten")).code).toBe(66)
    expect((await run("unforget", "--text", "Redis already runs in prod")).code).toBe(0)
    expect(
      memory.write(
        { kind: "decision", title: "Queue jobs with BullMQ", body: "Redis already runs in prod", scope: "project" },
        agent,
      ).outcome,
    ).toBe("created")

    expect((await run("consent")).stdout.trim()).toBe("agent")
    expect((await run("consent", "review")).code).toBe(0)
    expect((await run("consent")).stdout.trim()).toBe("review")
    expect((await run("consent", "sometimes")).code).toBe(64)
    const audit = await run("audit")
    expect(audit.stdout).toContain("audit chain intact")
    expect(audit.code).toBe(0)
    expect((await run("show", "01NOPE")).code).toBe(66)
  }, 60_000)
})
