import { describe, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { resolveProject } from "../../src/core/project"
import { sessionOfHost } from "../../src/mesh"
import { egcBinary, runEgc } from "./_binary"
import { stdioClient } from "./_mcp"
import { tmpdir } from "../fixture"

const MESH = [
  "claim_path",
  "release_path",
  "session_announce",
  "session_events",
  "session_peers",
  "session_send",
  "session_wait",
]

/** Spawn `egc serve` and speak raw JSON-RPC lines to it, collecting every stdout line. */
async function raw(cwd: string) {
  const proc = Bun.spawn([await egcBinary(), "serve"], {
    cwd,
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
    env: process.env,
  })
  const lines: string[] = []
  const waiters: Array<() => void> = []
  ;(async () => {
    let buf = ""
    for await (const chunk of proc.stdout) {
      buf += new TextDecoder().decode(chunk)
      let i: number
      while ((i = buf.indexOf("\n")) >= 0) {
        lines.push(buf.slice(0, i))
        buf = buf.slice(i + 1)
        for (const w of waiters.splice(0)) w()
      }
    }
  })()
  const write = (data: string | Uint8Array) => {
    proc.stdin.write(data)
    proc.stdin.flush()
  }
  const answer = async (id: number, ms = 5000): Promise<Record<string, any>> => {
    const deadline = Date.now() + ms
    for (;;) {
      const hit = lines.map((l) => JSON.parse(l)).find((m) => m.id === id)
      if (hit) return hit
      if (Date.now() > deadline) throw new Error(`no answer to ${id}; got ${lines.join("\n")}`)
      await new Promise<void>((r) => {
        waiters.push(r)
        setTimeout(r, 200)
      })
    }
  }
  const init = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
  }
  write(`${JSON.stringify(init)}\n`)
  await answer(1)
  write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`)
  return { proc, lines, write, answer }
}

describe("egc serve over stdio (compiled binary)", () => {
  test("initialize, list and call through the SDK client; instructions carry the memory protocol", async () => {
    using dir = tmpdir({ git: true })
    const c = await stdioClient(dir.path)
    expect(c.client.getServerVersion()?.name).toBe("egc")
    expect(c.client.getInstructions()).toMatch(/never store secrets/i)
    const names = (await c.client.listTools()).tools.map((t) => t.name)
    expect(names).toEqual(expect.arrayContaining([...MESH, "server_health"]))
    const health = await c.call("server_health")
    expect(health).toMatchObject({ database: { status: "ok" }, key: { status: "ok" } })
    const ann = await c.call("session_announce", { task: "e2e" })
    expect(ann.created).toBe(true)
    // this test process is the server's host, as a coding tool would be: its hooks find the session
    expect(sessionOfHost(resolveProject(dir.path), [process.pid])).toBe(ann.session)
    await c.close()
  })

  test("stdout carries only protocol; deep JSON, invalid UTF-8 and garbage lines do not stop the server", async () => {
    using dir = tmpdir({ git: true })
    const s = await raw(dir.path)
    s.write(`${"[".repeat(200_000)}${"]".repeat(200_000)}\n`)
    s.write(new Uint8Array([0xff, 0xfe, 0x7b, 0x0a]))
    s.write("zebra7canary is not json\n")
    const deep = {
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: {
        name: "session_send",
        arguments: { text: "hi", note: JSON.parse(`${"[".repeat(3000)}${"]".repeat(3000)}`) },
      },
    }
    s.write(`${JSON.stringify(deep)}\n`)
    const bad = await s.answer(7)
    expect(bad.result?.isError).toBe(true)
    s.write(`${JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/list" })}\n`)
    expect((await s.answer(8)).result.tools.length).toBeGreaterThan(0)
    s.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "nope", arguments: {} } })}\n`,
    )
    expect((await s.answer(9)).error?.message).toMatch(/unknown tool/)
    for (const line of s.lines) expect(JSON.parse(line).jsonrpc).toBe("2.0")
    s.proc.stdin.end()
    expect(await s.proc.exited).toBe(0)
    const log = readFileSync(join(process.env.EGC_HOME!, "logs", "egc.log"), "utf8")
    expect(log).toContain("protocol error")
    expect(log).not.toContain("zebra7canary")
  })

  test("a client that disconnects mid-call: the server exits and its session's claims are freed", async () => {
    using dir = tmpdir({ git: true })
    const c = await stdioClient(dir.path)
    await c.call("claim_path", { path: "held.ts", reason: "e2e" })
    expect((await runEgc(["mesh", "claims", "--json"], { cwd: dir.path })).stdout).toContain("held.ts")
    const pending = c.client.callTool({ name: "session_wait", arguments: { timeout_seconds: 30 } }).catch((e) => e)
    await new Promise((r) => setTimeout(r, 100))
    const pid = c.pid!
    const started = Date.now()
    await c.close()
    await pending
    while (isAlive(pid) && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 20))
    expect(isAlive(pid)).toBe(false)
    const after = await runEgc(["mesh", "claims", "--json"], { cwd: dir.path })
    expect(JSON.parse(after.stdout)).toEqual([])
  })

  test("an invalid config file does not stop the server: it serves defaults and server_health says why", async () => {
    using dir = tmpdir({ git: true, files: { ".egc/config.json": '{"mesh": {"claimMinutes": "soon"}}' } })
    const c = await stdioClient(dir.path)
    const health = await c.call("server_health")
    expect(health.config.status).toBe("fail")
    expect(health.config.detail).toMatch(/mesh.claimMinutes/)
    expect(health.database.status).toBe("ok")
    await c.close()
  })

  test("SIGTERM ends the session cleanly (peers hear 'ended', not 'dead') and frees its claims", async () => {
    using dir = tmpdir({ git: true })
    const [a, b] = await Promise.all([stdioClient(dir.path), stdioClient(dir.path)])
    await a.call("claim_path", { path: "t.ts" })
    await b.call("session_events")
    const gone = new Promise<void>((resolve) => (a.client.onclose = resolve))
    process.kill(a.pid!, "SIGTERM")
    await gone
    const events = (await b.call("session_events")).events as Array<{ kind: string; why?: string }>
    expect(events.filter((e) => e.kind === "ended")).toEqual([expect.objectContaining({ why: "ended" })])
    expect((await b.call("claim_path", { path: "t.ts" })).claimed).toBe(true)
    await b.close()
  })

  test("two servers on one database writing at once lose nothing", async () => {
    using dir = tmpdir({ git: true })
    const [a, b] = await Promise.all([stdioClient(dir.path), stdioClient(dir.path)])
    await Promise.all([a.call("session_announce"), b.call("session_announce")])
    await Promise.all([a.call("session_events"), b.call("session_events")])
    const n = 15
    await Promise.all([
      ...Array.from({ length: n }, (_, i) => a.call("session_send", { text: `a${i}` })),
      ...Array.from({ length: n }, (_, i) => b.call("session_send", { text: `b${i}` })),
      ...Array.from({ length: n }, (_, i) => a.call("claim_path", { path: `a/${i}.ts` })),
      ...Array.from({ length: n }, (_, i) => b.call("claim_path", { path: `b/${i}.ts` })),
    ])
    const gotA = (await a.call("session_events")).events
      .filter((e: any) => e.kind === "message")
      .map((e: any) => e.text)
    const gotB = (await b.call("session_events")).events
      .filter((e: any) => e.kind === "message")
      .map((e: any) => e.text)
    expect(gotA.sort()).toEqual(Array.from({ length: n }, (_, i) => `b${i}`).sort())
    expect(gotB.sort()).toEqual(Array.from({ length: n }, (_, i) => `a${i}`).sort())
    const claims = JSON.parse((await runEgc(["mesh", "claims", "--json"], { cwd: dir.path })).stdout)
    expect(claims).toHaveLength(2 * n)
    await Promise.all([a.close(), b.close()])
  })
})

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
