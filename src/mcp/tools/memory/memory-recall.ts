import { z } from "zod"
import { defineTool } from "../../tool"
import {
  isoTime,
  itemShape,
  parseTime,
  memoryFor,
  projectField,
  toItem,
  unreadableField,
  unreadableOut,
} from "./_shared"
import description from "./memory-recall.md" with { type: "text" }

export const memoryRecall = defineTool({
  name: "memory_recall",
  title: "Recall related memory",
  description,
  profile: "default",
  input: {
    query: z.string().min(1).max(2000).describe("the task or question"),
    entities: z.array(z.string().min(1).max(200)).max(50).optional().describe("files, symbols or concepts involved"),
    kinds: z.array(z.string().min(1).max(40)).max(20).optional().describe("restrict to these kinds"),
    token_cap: z.number().int().min(200).max(20_000).optional().describe("default 2500"),
    as_of: isoTime.optional().describe("ISO time: recall what was held then"),
  },
  output: {
    project: projectField,
    mode: z.enum(["bodies", "titles"]),
    reason: z.string().optional().describe("why only titles came back"),
    tokens: z.number(),
    clusters: z.array(z.object({ label: z.string(), ids: z.array(z.string()) })),
    items: z.array(itemShape.extend({ cluster: z.number(), via: z.enum(["seed", "neighbour"]) })),
    unreadable: unreadableField,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (args, ctx) => {
    const r = (await memoryFor(ctx)).recall({
      project: ctx.project,
      query: args.query,
      tokenCap: args.token_cap ?? ctx.config.memory.recallTokenCap,
      ...(args.entities ? { entities: args.entities } : {}),
      ...(args.kinds ? { kinds: args.kinds } : {}),
      ...(args.as_of ? { asOf: parseTime(args.as_of) } : {}),
    })
    return {
      project: ctx.project.display,
      mode: r.mode,
      ...(r.reason ? { reason: r.reason } : {}),
      tokens: r.tokens,
      clusters: r.clusters.map((c) => ({ label: c.label, ids: c.ids })),
      items: r.items.map((i) => ({ ...toItem(i), cluster: i.cluster, via: i.via })),
      ...unreadableOut(r.unreadable),
    }
  },
})
