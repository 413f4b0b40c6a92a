import { describe, expect, test } from "bun:test"
import { PassThrough } from "node:stream"
import { LineTransport, sniffId } from "../../src/mcp/line-transport"

function pair(max: number) {
  const input = new PassThrough()
  const output = new PassThrough()
  const got: unknown[] = []
  const replies: Array<Record<string, any>> = []
  output.on("data", (d: Buffer) => {
    for (const line of d.toString().split("\n").filter(Boolean)) replies.push(JSON.parse(line))
  })
  const t = new LineTransport(input as any, output as any, max)
  t.onmessage = (m) => got.push(m)
  return { input, t, got, replies }
}

describe("LineTransport", () => {
  test("a line over the cap is skipped to its newline and refused; lines around it are read", async () => {
    const p = pair(1000)
    await p.t.start()
    p.input.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })}\n`)
    // the long line arrives in pieces, its id at the end as the SDK client writes it
    p.input.write(`{"method":"tools/call","params":{"a":"${"x".repeat(700)}`)
    p.input.write(`${"x".repeat(700)}`)
    p.input.write(`"},"jsonrpc":"2.0","id":42}\n${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" })}\n`)
    await new Promise((r) => setImmediate(r))
    expect(p.got.map((m: any) => m.id)).toEqual([1, 2])
    expect(p.replies).toEqual([
      { jsonrpc: "2.0", id: 42, error: { code: -32600, message: expect.stringMatching(/too large/) } },
    ])
    await p.t.close()
  })

  test("a line exactly at the cap is read; bad JSON and non-JSON-RPC get error replies", async () => {
    const line = JSON.stringify({ jsonrpc: "2.0", id: 3, method: "ping", params: { pad: "" } })
    const p = pair(line.length + 100)
    await p.t.start()
    const padded = JSON.stringify({ jsonrpc: "2.0", id: 3, method: "ping", params: { pad: "p".repeat(100) } })
    p.input.write(`${padded}\nnot json\n{"id":5,"x":1}\n\n`)
    await new Promise((r) => setImmediate(r))
    expect(p.got.map((m: any) => m.id)).toEqual([3])
    expect(p.replies.map((r) => [r.id, r.error.code])).toEqual([
      [null, -32700],
      [5, -32600],
    ])
    await p.t.close()
  })

  test("ids are read only from the top-level object's ends", () => {
    expect(sniffId('{"jsonrpc":"2.0","id":7,"method":"x","params":{', "")).toBe(7)
    expect(sniffId('{"id":"a-1","params":', "")).toBe("a-1")
    expect(sniffId('{"params":{"id":3', 'xx"}}')).toBeNull()
    expect(sniffId('{"params":{', ',"x":{"id":9}}')).toBeNull()
    expect(sniffId('{"params":{', '},"jsonrpc":"2.0","id":9}')).toBe(9)
  })
})
