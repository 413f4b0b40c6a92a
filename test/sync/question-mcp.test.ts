import { describe, expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { resolveProject } from "../../src/core/project"
import { allTools } from "../../src/mcp/tools"
import { openMemory } from "../../src/memory"
import { followBranches } from "../../src/sync/surface"
import { connect, textOf, type Elicit } from "../mcp/_client"
import { tmpdir } from "../fixture"

/** A deleted branch's question through the agent's own tool: the agent can only ask; the person answers. */
function git(args: string[], cwd: string): string {
  const id = ["-c", "user.name=t", "-c", "user.email=t@t.invalid", "-c", "commit.gpgsign=false"]
  const r = Bun.spawnSync(["git", ...id, ...args], { cwd, stdout: "pipe", stderr: "pipe" })
  if (r.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr.toString()}`)
  return r.stdout.toString()
}

describe("a branch question through memory_review", () => {
  test("a client that cannot ask the person cannot answer it; the person's yes in the dialog promotes", async () => {
    using t = tmpdir()
    const repo = t.path
    git(["init", "-q", "-b", "main"], repo)
    writeFileSync(join(repo, "a"), "a")
    git(["add", "a"], repo)
    git(["commit", "-q", "-m", "a"], repo)
    git(["checkout", "-q", "-b", "gone"], repo)
    const memory = openMemory()
    const onBranch = resolveProject(repo)
    memory.write(
      { kind: "decision", title: "Keep the retry loop", body: "three tries", scope: "branch" },
      { project: onBranch, actor: { source: "cli" } },
    )
    git(["checkout", "-q", "main"], repo)
    git(["branch", "-q", "-D", "gone"], repo)
    const project = resolveProject(repo)
    const asked = followBranches(memory, project, { graceMs: 0 })
    expect(asked.asked).toHaveLength(1)
    const id = asked.asked[0]?.id as string

    const agentOnly = await connect({ cwd: repo, tools: allTools, sessionId: "s-agent" })
    const r = await agentOnly.client.callTool({ name: "memory_review", arguments: { action: "approve", id } })
    expect(r.isError).toBe(true)
    expect(textOf(r)).toContain(`egc memory approve ${id}`)
    await agentOnly.close()
    expect(followBranches(memory, project, { graceMs: 0 }).waiting).toEqual([
      expect.objectContaining({ branch: "gone", asked: id }),
    ])
    expect(memory.list({ project, scope: "all" }).map((v) => v.title)).not.toContain("Keep the retry loop")

    const yes: Elicit = () => ({ action: "accept", content: { approve: true } })
    const person = await connect({ cwd: repo, tools: allTools, sessionId: "s-person", elicit: yes })
    const ok = await person.client.callTool({ name: "memory_review", arguments: { action: "approve", id } })
    expect(ok.isError).toBeFalsy()
    expect(String(person.asked[0]?.message)).toContain("This is a question to you: approving answers yes")
    await person.close()
    const answered = followBranches(memory, project, { graceMs: 0 })
    expect(answered.promoted).toEqual([{ branch: "gone", items: 1, how: "answered" }])
    expect(memory.list({ project, scope: "all" }).map((v) => v.title)).toEqual(["Keep the retry loop"])
  }, 60_000)
})
