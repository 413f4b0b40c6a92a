import { describe, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { egcBinary } from "./_binary"
import { stdioClient } from "./_mcp"
import { tmpdir } from "../fixture"

describe("egc serve refuses an oversized request line and keeps serving (compiled binary)", () => {
  test("raw stdio: an 11 MB line gets a -32600 reply; the next request is answered", async () => {
    using dir = tmpdir({ git: true })
    const proc = Bun.spawn([await egcBinary(), "serve"], {
      cwd: dir.path,
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
      env: process.env,
    })
    const reader = proc.stdout.getReader()
    let buf = ""
    const next = async (): Promise<Record<string, any>> => {
      for (;;) {
        const i = buf.indexOf("\n")
        if (i >= 0) {
          const line = buf.slice(0, i)
          buf = buf.slice(i + 1)
          return JSON.parse(line)
        }
        const { value, done } = await reader.read()
        if (done) throw new Error(`server closed stdout; exit ${await proc.exited}`)
        buf += new TextDecoder().decode(value)
      }
    }
    const send = (msg: unknown) => {
      proc.stdin.write(`${JSON.stringify(msg)}\n`)
      proc.stdin.flush()
    }
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    })
    expect((await next()).id).toBe(1)
    send({ jsonrpc: "2.0", method: "notifications/initialized" })
    // an unreadable id: the reply's id is null
    proc.stdin.write(`{"pad":"${"x".repeat(11 * 1024 * 1024)}`)
    proc.stdin.write(`", "id": {"nested": 1}, "more": 1}\n`)
    proc.stdin.flush()
    const refused = await next()
    expect(refused).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } })
    expect(refused.error.message).toMatch(/too large/i)
    send({ jsonrpc: "2.0", id: 2, method: "tools/list" })
    const listed = await next()
    expect(listed.id).toBe(2)
    expect(listed.result.tools.length).toBeGreaterThan(0)
    proc.stdin.end()
    expect(await proc.exited).toBe(0)
    const log = readFileSync(join(process.env.EGC_HOME!, "logs", "egc.log"), "utf8")
    expect(log).toContain("protocol error")
  }, 60_000)

  test("SDK client: an 11 MB tool call is answered with an error for that request; the next call works", async () => {
    using dir = tmpdir({ git: true })
    const c = await stdioClient(dir.path)
    const big = c.client.callTool({ name: "session_send", arguments: { text: "y".repeat(11 * 1024 * 1024) } })
    await expect(big).rejects.toThrow(/too large/i)
    // a request just under the cap still reaches the tool (and is refused there, by its own bounds)
    const under = await c.client.callTool({ name: "session_send", arguments: { text: "z".repeat(1024 * 1024) } })
    expect(under.isError).toBe(true)
    expect((await c.client.listTools()).tools.length).toBeGreaterThan(0)
    expect(await c.call("server_health")).toMatchObject({ database: { status: "ok" } })
    await c.close()
  }, 60_000)
})
