import { z } from "zod"
import { RESULT_CHAR_LIMIT } from "../../cap"
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
import description from "./query-history.md" with { type: "text" }

export const queryHistory = defineTool({
  name: "query_history",
  title: "List recent decisions",
  description,
  profile: "full",
  input: {
    kinds: z.array(z.string().min(1).max(40)).max(20).default(["decision"]).describe("item kinds to list"),
    limit: z.number().int().min(1).max(100).default(20).describe("page size"),
    offset: z.number().int().min(0).max(100_000).default(0).describe("items to skip"),
    as_of: isoTime.optional().describe("ISO time: list what was held then"),
  },
  output: {
    project: projectField,
    items: z.array(itemShape),
    unreadable: unreadableField,
    next_offset: z.number().int().optional().describe("offset of the next page; absent on the last page"),
    page_note: z.string().optional().describe("set when the page was shortened to fit the result limit"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (args, ctx) => {
    const list = (await memoryFor(ctx)).list({
      project: ctx.project,
      kinds: args.kinds,
      scope: "all",
      ...(args.as_of ? { asOf: parseTime(args.as_of) } : {}),
    })
    const sorted = [...list].sort((a, b) => b.recordedAt - a.recordedAt)
    const page = sorted.slice(args.offset, args.offset + args.limit).map(toItem)
    // the page is shortened here, never by the result cap: a cut the caller's offset does not know of would skip items
    const unreadable = unreadableOut(list.unreadable)
    const base = { project: ctx.project.display, items: [], ...unreadable, next_offset: 0, page_note: "x".repeat(160) }
    let room = RESULT_CHAR_LIMIT - JSON.stringify(base).length - 64
    let fit = 0
    for (const item of page) {
      room -= JSON.stringify(item).length + 1
      if (room < 0 && fit > 0) break
      fit++
    }
    const next = args.offset + fit
    return {
      project: ctx.project.display,
      items: page.slice(0, fit),
      ...unreadable,
      ...(next < sorted.length ? { next_offset: next } : {}),
      ...(fit < page.length
        ? { page_note: `page shortened to ${fit} of ${page.length} items to fit the result limit; next offset ${next}` }
        : {}),
    }
  },
})
