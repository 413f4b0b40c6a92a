/**
 * One of the hostile soak's concurrent writers: writes `count` items through the memory write layer
 * into the soak's temporary EGC_HOME and prints "ack <id>" after each write returned (committed).
 * argv: <project dir> <tag> <count>
 */
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"

// only ever inside the soak's temporary home: the real store is never touched
const root = process.env.EGC_HOSTILE_ROOT
if (!root || !process.env.EGC_HOME?.startsWith(root))
  throw new Error("the hostile writer runs only under the soak's temporary EGC_HOME")
const [projectDir, tag, countText] = process.argv.slice(2) as [string, string, string]
const memory = openMemory()
const ctx = { project: resolveProject(projectDir), actor: { source: "agent" as const, sessionId: tag } }
for (let i = 0; i < Number(countText); i++) {
  const r = memory.write(
    { kind: i % 5 ? "note" : "decision", body: `soak ${tag} item ${i}: the queue retries ${i % 9} times` },
    ctx,
  )
  if (r.id && (r.outcome === "created" || r.outcome === "pending")) process.stdout.write(`ack ${r.id}\n`)
}
process.stdout.write("done\n")
