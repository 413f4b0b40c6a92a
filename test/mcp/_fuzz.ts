import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import fc from "fast-check"
import { hostileArgs, validArgs, type Schema } from "./_arbitrary"
import { textOf } from "./_client"

/**
 * Runs every tool a client lists with `runs` valid and `runs` hostile argument sets (seeded per tool)
 * and classifies each call. Used by test/mcp/hostile.test.ts and scripts/bench/hostile.ts.
 */
export type Outcome = "result" | "tool-error" | "internal-error" | "protocol-error"

export interface Fuzzed {
  tools: string[]
  tally: Record<Outcome, number>
  /** The first failures: tool, arguments (cut) and what came back. */
  bad: string[]
  /** Ids of writes the server acknowledged. */
  acked: string[]
}

// session_wait blocks up to its timeout by design: keep its waits short so a run stays bounded
const BOUNDS: Record<string, (a: Record<string, unknown>) => Record<string, unknown>> = {
  session_wait: (a) =>
    a.timeout_seconds === undefined || typeof a.timeout_seconds === "number"
      ? { ...a, timeout_seconds: Math.min(Number(a.timeout_seconds ?? 1), 0.02) }
      : a,
}
const WRITES = /^(store_decision|lesson_save)$/

export async function fuzzTools(client: Client, opts: { seed: number; runs: number }): Promise<Fuzzed> {
  const out: Fuzzed = {
    tools: [],
    tally: { result: 0, "tool-error": 0, "internal-error": 0, "protocol-error": 0 },
    bad: [],
    acked: [],
  }
  const listed = (await client.listTools()).tools
  for (const [i, tool] of listed.entries()) {
    out.tools.push(tool.name)
    const schema = tool.inputSchema as Schema
    const property = (arb: fc.Arbitrary<unknown>) =>
      fc.asyncProperty(arb, async (args) => {
        const o = await callOnce(client, tool.name, args, out)
        return o === "result" || o === "tool-error"
      })
    // a failing property is recorded in `bad`; keep going so one run reports every tool
    await fc.check(property(validArgs(schema)), { seed: opts.seed + i, numRuns: opts.runs, endOnFailure: true })
    await fc.check(property(hostileArgs(schema)), {
      seed: opts.seed + 1000 + i,
      numRuns: opts.runs,
      endOnFailure: true,
    })
  }
  return out
}

async function callOnce(client: Client, name: string, args: unknown, out: Fuzzed): Promise<Outcome> {
  const plain = args && typeof args === "object" && !Array.isArray(args)
  const bound = BOUNDS[name]
  const sent = plain && bound ? bound(args as Record<string, unknown>) : args
  const record = (o: Outcome, why?: string): Outcome => {
    out.tally[o]++
    if (why !== undefined && out.bad.length < 20)
      out.bad.push(`${name} ${JSON.stringify(sent)?.slice(0, 300)} → ${why.slice(0, 300)}`)
    return o
  }
  try {
    const r = await client.callTool({ name, arguments: sent as Record<string, unknown> })
    if (r.isError) return /internal error/.test(textOf(r)) ? record("internal-error", textOf(r)) : record("tool-error")
    const id = (r.structuredContent as { id?: unknown } | undefined)?.id
    if (typeof id === "string" && WRITES.test(name)) out.acked.push(id)
    return record("result")
  } catch (e) {
    return record("protocol-error", String(e))
  }
}
