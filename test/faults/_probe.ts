/**
 * One agent session against the memory safeties, in a process of its own (so keys, connections and
 * caches belong to the EGC_HOME under test): the configuration is loaded as `egc serve` loads it,
 * then a real SDK client without elicitation stores a decision carrying a secret, lists what waits
 * for review, tries to approve it, and searches for it. Prints one JSON line.
 * Usage: bun test/faults/_probe.ts <project dir> <secret>
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import { loadConfigSafe } from "../../src/core/config"
import { createServer } from "../../src/mcp/server"
import { allTools } from "../../src/mcp/tools"

const [cwd = ".", secret = ""] = process.argv.slice(2)
const out: Record<string, unknown> = {}
const text = (r: unknown) =>
  ((r as { content?: Array<{ text?: string }> }).content ?? []).map((c) => c.text ?? "").join("")
try {
  const { config } = await loadConfigSafe({ projectRoot: cwd })
  out.consent = config.memory.consent
  const made = createServer({ cwd, config: { ...config, mcp: { tools: "full" } }, tools: allTools })
  const client = new Client({ name: "fault-probe", version: "1" })
  const [a, b] = InMemoryTransport.createLinkedPair()
  await made.server.connect(b)
  await client.connect(a)
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = await client.callTool({ name, arguments: args })
    return { error: r.isError === true, text: text(r) }
  }
  out.store = await call("store_decision", {
    decision: "nightly export runs in batches of 500",
    context: `token ${secret}`,
  })
  const listed = await call("memory_review", { action: "list" })
  const pending = listed.error ? [] : ((JSON.parse(listed.text) as { pending?: Array<{ id: string }> }).pending ?? [])
  out.pending = pending.length
  if (pending[0]) out.approve = await call("memory_review", { action: "approve", id: pending[0].id })
  const found = await call("search_history", { query: "nightly export batches" })
  out.active = found.error ? 0 : ((JSON.parse(found.text) as { results?: unknown[] }).results ?? []).length
  await client.close()
  await made.close()
} catch (error) {
  out.thrown = error instanceof Error ? error.message : String(error)
}
process.stdout.write(`${JSON.stringify(out)}\n`)
