import { describe, expect, test } from "bun:test"
import { mkdirSync, symlinkSync } from "node:fs"
import { join } from "node:path"
import { z } from "zod"
import { defineTool, ToolFailure, type ToolDef } from "../../src/mcp/tool"
import { serverHealth } from "../../src/mcp/tools/health/server-health"
import { tmpdir } from "../fixture"
import { connect, textOf } from "./_client"

const echo = defineTool({
  name: "test_echo",
  title: "Echo",
  description: "Echo the text back, with the project it was bound to.",
  profile: "default",
  input: {
    text: z.string().max(1000).describe("text to echo"),
    times: z.number().int().min(1).max(5).default(1).describe("repeat count"),
  },
  output: {
    echoed: z.string().describe("the text"),
    root: z.string().describe("bound project root"),
    session: z.string().describe("session id"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: ({ text, times }, ctx) => ({ echoed: text.repeat(times), root: ctx.project.root, session: ctx.session.id }),
})

const failing = defineTool({
  name: "test_fail",
  title: "Fail",
  description: "Always fails in the domain.",
  profile: "full",
  input: {},
  output: { never: z.string().describe("never returned") },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: () => {
    throw new ToolFailure("nothing to do here; call test_echo instead")
  },
})

const big = defineTool({
  name: "test_big",
  title: "Big",
  description: "Returns a long list.",
  profile: "full",
  input: { n: z.number().int().describe("items") },
  output: { items: z.array(z.string()).describe("items"), total: z.number().describe("count") },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: ({ n }) => ({ items: Array.from({ length: n }, (_, i) => `item ${i} ${"x".repeat(80)}`), total: n }),
})

const wrongShape = defineTool({
  name: "test_wrong",
  title: "Wrong",
  description: "Returns a result that breaks its own schema.",
  profile: "full",
  input: {},
  output: { count: z.number().describe("a number") },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: () => ({ count: "three" }) as unknown as { count: number },
})

const tools = [echo, failing, big, wrongShape, serverHealth] as unknown as ToolDef[]

describe("egc serve framework through a real SDK client", () => {
  test("lists every tool of the full profile with schemas and all four annotations", async () => {
    using dir = tmpdir({ git: true })
    const c = await connect({ cwd: dir.path, tools })
    const { tools: listed } = await c.client.listTools()
    expect(listed.map((t) => t.name).sort()).toEqual([
      "server_health",
      "test_big",
      "test_echo",
      "test_fail",
      "test_wrong",
    ])
    const e = listed.find((t) => t.name === "test_echo")!
    expect(e.inputSchema.properties).toHaveProperty("text")
    expect(e.inputSchema.properties).toHaveProperty("project")
    expect(e.outputSchema?.properties).toHaveProperty("echoed")
    for (const t of listed)
      expect(Object.keys(t.annotations ?? {}).sort()).toEqual([
        "destructiveHint",
        "idempotentHint",
        "openWorldHint",
        "readOnlyHint",
      ])
    await c.close()
  })

  test("the default profile lists only default tools, an explicit list only the named ones", async () => {
    using dir = tmpdir({ git: true })
    const d = await connect({ cwd: dir.path, tools, profile: "default" })
    expect((await d.client.listTools()).tools.map((t) => t.name)).toEqual(["test_echo"])
    await expect(d.client.callTool({ name: "test_big", arguments: { n: 1 } })).rejects.toThrow(/unknown tool/)
    await d.close()
    const l = await connect({ cwd: dir.path, tools, profile: ["server_health", "nope"] })
    expect((await l.client.listTools()).tools.map((t) => t.name)).toEqual(["server_health"])
    await l.close()
  })

  test("a call returns content and structuredContent that match the output schema", async () => {
    using dir = tmpdir({ git: true })
    const c = await connect({ cwd: dir.path, tools })
    const r = await c.client.callTool({ name: "test_echo", arguments: { text: "hi", times: 2 } })
    expect(r.isError).toBeFalsy()
    expect(r.structuredContent).toMatchObject({ echoed: "hihi", session: c.session.id })
    expect(JSON.parse(textOf(r))).toEqual(r.structuredContent)
    await c.close()
  })

  test("wrong types, missing fields and unknown fields are tool errors that name the field; the server keeps serving", async () => {
    using dir = tmpdir({ git: true })
    const c = await connect({ cwd: dir.path, tools })
    const wrong = await c.client.callTool({ name: "test_echo", arguments: { text: 42 } })
    expect(wrong.isError).toBe(true)
    expect(textOf(wrong)).toMatch(/invalid arguments for test_echo: text:/)
    const missing = await c.client.callTool({ name: "test_echo", arguments: {} })
    expect(textOf(missing)).toMatch(/text:/)
    const extra = await c.client.callTool({ name: "test_echo", arguments: { text: "a", txet: "b" } })
    expect(extra.isError).toBe(true)
    expect(textOf(extra)).toMatch(/txet/)
    const ok = await c.client.callTool({ name: "test_echo", arguments: { text: "still here" } })
    expect(ok.structuredContent).toMatchObject({ echoed: "still here" })
    await c.close()
  })

  test("lone surrogates and deep nesting are refused by the wrapper, naming where", async () => {
    using dir = tmpdir({ git: true })
    const c = await connect({ cwd: dir.path, tools })
    const surrogate = await c.client.callTool({ name: "test_echo", arguments: { text: "bad \ud800 text" } })
    expect(surrogate.isError).toBe(true)
    expect(textOf(surrogate)).toMatch(/arguments.text is not valid Unicode/)
    let deep: unknown = "leaf"
    for (let i = 0; i < 5000; i++) deep = [deep]
    const nested = await c.client.callTool({ name: "test_echo", arguments: { text: "a", extra: deep } })
    expect(nested.isError).toBe(true)
    expect(textOf(nested)).toMatch(/nests deeper than 64 levels/)
    const fine = await c.client.callTool({ name: "test_echo", arguments: { text: "ok \ud83d\ude00" } })
    expect(fine.structuredContent).toMatchObject({ echoed: "ok 😀" })
    await c.close()
  })

  test("unknown tool is a protocol error; a domain failure is an isError result with its sentence", async () => {
    using dir = tmpdir({ git: true })
    const c = await connect({ cwd: dir.path, tools })
    await expect(c.client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(
      /unknown tool "no_such_tool"/,
    )
    const f = await c.client.callTool({ name: "test_fail", arguments: {} })
    expect(f.isError).toBe(true)
    expect(textOf(f)).toBe("nothing to do here; call test_echo instead")
    const w = await c.client.callTool({ name: "test_wrong", arguments: {} })
    expect(w.isError).toBe(true)
    expect(textOf(w)).toMatch(/did not match its schema/)
    await c.close()
  })

  test("huge arguments are refused before validation; huge results are cut and say so", async () => {
    using dir = tmpdir({ git: true })
    const c = await connect({ cwd: dir.path, tools })
    const huge = await c.client.callTool({ name: "test_echo", arguments: { text: "x".repeat(300_000) } })
    expect(huge.isError).toBe(true)
    expect(textOf(huge)).toMatch(/above the limit/)
    const small = await c.client.callTool({ name: "test_big", arguments: { n: 3 } })
    expect(small.structuredContent).not.toHaveProperty("truncated")
    const r = await c.client.callTool({ name: "test_big", arguments: { n: 2000 } })
    const s = r.structuredContent as { items: string[]; total: number; truncated: boolean; note: string }
    expect(s.truncated).toBe(true)
    expect(s.total).toBe(2000)
    expect(s.items.length).toBeGreaterThan(10)
    expect(s.items.length).toBeLessThan(2000)
    expect(s.note).toMatch(new RegExp(`items: ${s.items.length} of 2000 items`))
    expect(textOf(r).length).toBeLessThanOrEqual(20_500)
    await c.close()
  })

  test("without roots the server binds to its working directory", async () => {
    using dir = tmpdir({ git: true })
    const c = await connect({ cwd: dir.path, tools })
    const r = await c.client.callTool({ name: "test_echo", arguments: { text: "a" } })
    expect((r.structuredContent as { root: string }).root).toBe(dir.path)
    await c.close()
  })

  test("with roots, a call may name a bound project and nothing else: other repos, .. escapes and symlinks out are refused", async () => {
    using a = tmpdir({ git: true, files: { "src/x.ts": "x" } })
    using b = tmpdir({ git: true })
    using outside = tmpdir({ git: true })
    mkdirSync(join(a.path, "links"))
    symlinkSync(outside.path, join(a.path, "links", "out"))
    const c = await connect({ cwd: outside.path, tools, roots: [a.path, b.path] })
    const first = await c.client.callTool({ name: "test_echo", arguments: { text: "a" } })
    expect((first.structuredContent as { root: string }).root).toBe(a.path)
    const named = await c.client.callTool({ name: "test_echo", arguments: { text: "a", project: b.path } })
    expect((named.structuredContent as { root: string }).root).toBe(b.path)
    const sub = await c.client.callTool({ name: "test_echo", arguments: { text: "a", project: join(a.path, "src") } })
    expect((sub.structuredContent as { root: string }).root).toBe(a.path)
    for (const bad of [outside.path, join(a.path, "..", "..", "..", "etc"), join(a.path, "links", "out"), "../../"]) {
      const r = await c.client.callTool({ name: "test_echo", arguments: { text: "a", project: bad } })
      expect(r.isError).toBe(true)
      expect(textOf(r)).toMatch(/outside the folders this session is bound to|does not exist/)
    }
    await c.close()
  })

  test("when the client's roots change, the binding follows them", async () => {
    using a = tmpdir({ git: true })
    using b = tmpdir({ git: true })
    const c = await connect({ cwd: a.path, tools, roots: [a.path] })
    const root = async () =>
      ((await c.client.callTool({ name: "test_echo", arguments: { text: "a" } })).structuredContent as { root: string })
        .root
    expect(await root()).toBe(a.path)
    await c.setRoots([b.path])
    expect(await root()).toBe(b.path)
    const old = await c.client.callTool({ name: "test_echo", arguments: { text: "a", project: a.path } })
    expect(old.isError).toBe(true)
    await c.close()
  })

  test("server_health reports version, database, key and index separately", async () => {
    using dir = tmpdir({ git: true })
    const c = await connect({ cwd: dir.path, tools })
    const r = await c.client.callTool({ name: "server_health", arguments: {} })
    const s = r.structuredContent as Record<string, { status: string }>
    expect(r.isError).toBeFalsy()
    expect(s.database?.status).toBe("ok")
    expect(s.key?.status).toBe("ok")
    expect(["ok", "absent"]).toContain(s.index?.status ?? "missing")
    await c.close()
  })
})
