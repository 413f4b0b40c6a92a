/**
 * Acts on one egc home in its own process (its key is cached per process): argv[2] is a project
 * folder, argv[3] a JSON list of operations; prints one JSON list of results.
 */
import { resolveProject } from "../../src/core/project"
import { openMemory, type ItemView } from "../../src/memory"

if (!process.env.EGC_TEST_ROOT || !process.env.EGC_HOME?.startsWith(process.env.EGC_TEST_ROOT))
  throw new Error("runs only under a test's temp EGC_HOME")
type Op =
  | {
      op: "write"
      kind: string
      title: string
      body: string
      source?: "cli" | "agent" | "hook:miner"
      scope?: "project" | "global" | "branch"
    }
  | { op: "list"; statuses?: string[] }
  | { op: "forget"; title: string }
  | { op: "approve"; title: string; source?: "agent" }
  | { op: "policy"; policy: "agent" | "review" }
  | { op: "supersede"; old: string; kind: string; title: string; body: string }
  | { op: "edit"; title: string; body: string }
  | { op: "conflicts" }
const [dir, json] = process.argv.slice(2) as [string, string]
const project = resolveProject(dir)
const memory = openMemory()
const view = (v: ItemView) => ({
  id: v.id,
  scope: v.scope,
  kind: v.kind,
  title: v.title,
  body: v.body,
  status: v.status,
  source: v.source,
  flagged: v.flagged,
})
const find = (title: string) =>
  memory.list({ project, scope: "all", statuses: ["active", "pending"] }).find((v) => v.title === title)
const out: unknown[] = []
for (const o of JSON.parse(json) as Op[]) {
  const person = { source: "cli" as const, tool: "test" }
  if (o.op === "write")
    out.push(
      memory.write(
        { kind: o.kind, title: o.title, body: o.body, scope: o.scope ?? "project" },
        { project, actor: { source: o.source ?? "cli" } },
      ),
    )
  if (o.op === "list")
    out.push(memory.list({ project, scope: "all", statuses: o.statuses ?? ["active", "pending"] }).map(view))
  if (o.op === "forget") out.push(memory.forget({ project, id: find(o.title)?.id ?? "none" }, person))
  if (o.op === "approve") {
    // `source: "agent"` reaches the write layer directly, as no agent can (its tool asks the person)
    const actor = o.source ? { source: o.source, tool: "test" } : person
    out.push(memory.approve(find(o.title)?.id ?? "none", { project, actor }))
  }
  if (o.op === "policy") out.push(memory.setPolicy({ project, policy: o.policy }, person))
  if (o.op === "supersede") {
    const input = { kind: o.kind, title: o.title, body: o.body, supersedes: find(o.old)?.id ?? "none" }
    out.push(memory.write(input, { project, actor: person }))
  }
  if (o.op === "edit") out.push(memory.edit(find(o.title)?.id ?? "none", { project, actor: person }, { body: o.body }))
  if (o.op === "conflicts") {
    const title = (id: string) => {
      const v = memory.get({ project, id })
      return v && "title" in v ? `${v.title}:${v.status}` : id
    }
    const list = memory.conflicts({ project })
    out.push(list.map((c) => ({ id: c.id, new: title(c.newItem), old: title(c.oldItem), reason: c.reason })))
  }
}
process.stdout.write(`${JSON.stringify(out)}\n`)
