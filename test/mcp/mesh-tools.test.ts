import { describe, expect, test } from "bun:test"
import { join } from "node:path"
import { newId } from "../../src/core/ids"
import { onServerClose } from "../../src/mcp/tools/mesh/session"
import { allTools } from "../../src/mcp/tools"
import { tmpdir } from "../fixture"
import { connect, textOf } from "./_client"

type Json = Record<string, any>
async function open(cwd: string, roots?: string[]) {
  const c = await connect({ cwd, tools: allTools, roots, sessionId: newId("s_") })
  await c.client.listTools()
  const call = async (name: string, args: Json = {}) => {
    const r = await c.client.callTool({ name, arguments: args })
    if (r.isError) throw new Error(textOf(r))
    return r.structuredContent as Json
  }
  return {
    ...c,
    call,
    close: async () => {
      onServerClose(c.session)
      return c.close()
    },
  }
}

describe("mesh tools through a real SDK client", () => {
  test("two sessions of one project see each other, claim, message and hand over; a third project sees none of it", async () => {
    using dir = tmpdir({ git: true })
    using other = tmpdir({ git: true })
    const a = await open(dir.path)
    const b = await open(dir.path)
    const x = await open(other.path)
    expect((await a.call("session_announce", { task: "auth refactor" })).created).toBe(true)
    await b.call("session_announce", {})
    await x.call("session_announce", {})
    const peers = (await b.call("session_peers")).peers
    expect(peers).toHaveLength(1)
    expect(peers[0]).toMatchObject({ session: a.session.id, task: "auth refactor", sameWorktree: true })
    expect((await x.call("session_peers")).peers).toEqual([])

    const mine = await a.call("claim_path", { path: "src/auth/**", reason: "splitting" })
    expect(mine).toMatchObject({ claimed: true, claim: { path: "src/auth/**", mode: "exclusive" } })
    const refused = await b.call("claim_path", { path: "src/auth/login.ts" })
    expect(refused.claimed).toBe(false)
    expect(refused.conflict).toMatchObject({ session: a.session.id, reason: "splitting", path: "src/auth/**" })
    expect(refused.message).toMatch(/do not retry in a loop/)
    expect((await x.call("claim_path", { path: "src/auth/login.ts" })).claimed).toBe(true)

    await b.call("session_send", { to: a.session.id, text: "can I have login.ts?" })
    const got = await a.call("session_events", {})
    expect(got.events.filter((e: Json) => e.kind === "message")).toEqual([
      expect.objectContaining({ from: b.session.id, text: "can I have login.ts?", toAll: false }),
    ])
    expect((await a.call("session_events", {})).events).toEqual([])

    expect((await a.call("release_path", { path: "src/auth/**" })).released).toEqual(["src/auth/**"])
    await a.call("session_send", { kind: "handoff", text: "all yours", note: "tests green" })
    const waited = await b.call("session_wait", { timeout_seconds: 2 })
    expect(waited.timedOut).toBe(false)
    expect(waited.events.map((e: Json) => e.kind)).toContain("handoff")
    expect((await b.call("claim_path", { path: "src/auth/login.ts" })).claimed).toBe(true)
    expect((await x.call("session_events", {})).events).toEqual([])
    await Promise.all([a.close(), b.close(), x.close()])
  })

  test("closing a server ends its session and frees its claims; a wait times out empty", async () => {
    using dir = tmpdir({ git: true })
    const a = await open(dir.path)
    const b = await open(dir.path)
    await a.call("claim_path", { path: "x.ts" })
    expect((await b.call("claim_path", { path: "x.ts" })).claimed).toBe(false)
    await a.close()
    expect((await b.call("claim_path", { path: "x.ts" })).claimed).toBe(true)
    expect((await b.call("session_peers")).peers).toEqual([])
    expect((await b.call("session_events", {})).events.map((e: Json) => e.kind)).toEqual(
      expect.arrayContaining(["ended"]),
    )
    const w = await b.call("session_wait", { timeout_seconds: 0.1 })
    expect(w).toMatchObject({ timedOut: true })
    await b.close()
  })

  test("bad input: a hostile `to`, oversized text, `**`, outside paths and the wrong project are tool errors", async () => {
    using dir = tmpdir({ git: true })
    using outside = tmpdir({ git: true })
    const a = await open(dir.path, [dir.path])
    const call = (name: string, args: Json) => a.client.callTool({ name, arguments: args })
    const cases: Array<[string, Json, RegExp]> = [
      ["session_send", { to: "../../etc/passwd", text: "hi" }, /no live session/],
      ["session_send", { text: "x".repeat(9000) }, /text:/],
      ["claim_path", { path: "**" }, /matches \(nearly\) everything/],
      ["claim_path", { path: join(outside.path, "a.ts") }, /outside the working tree/],
      ["claim_path", { path: "../../a.ts" }, /leaves the working tree/],
      ["session_peers", { project: outside.path }, /outside the folders this session is bound to/],
      ["session_wait", { timeout_seconds: 500 }, /timeout_seconds/],
    ]
    for (const [name, args, pattern] of cases) {
      const r = await call(name, args)
      expect(r.isError).toBe(true)
      expect(textOf(r)).toMatch(pattern)
    }
    await a.close()
  })
})
