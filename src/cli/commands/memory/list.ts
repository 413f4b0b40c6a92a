import { defineCommand } from "citty"
import { EgcError } from "../../../core/errors"
import { STATUSES } from "../../../memory"
import { countOf, cwdArgs, jsonArgs, listOf } from "../../_args"
import { printData } from "../../ui"
import { line, session } from "./_shared"

export const list = defineCommand({
  meta: { name: "list", description: "list this project's memory (live items; --status for others)" },
  args: {
    ...cwdArgs,
    ...jsonArgs,
    kind: { type: "string", description: "only this kind (decision, lesson, context, …)" },
    status: { type: "string", description: `statuses, comma-separated: ${STATUSES.join(", ")} (default: active)` },
    limit: { type: "string", description: "most items (default 100)" },
  },
  async run({ args }) {
    // kinds are an open set, but one that cannot be stored cannot match: say so instead of "no memory"
    if (args.kind !== undefined && !/^[a-z][a-z0-9_-]{0,39}$/.test(args.kind)) {
      const hint = "kinds are lower-case letters, digits, _ or - (decision, lesson, context, …)"
      throw new EgcError("E_USAGE", `--kind ${JSON.stringify(args.kind)} is not a kind`, { hint })
    }
    const statuses = args.status === undefined ? undefined : listOf("status", args.status, STATUSES)
    const limit = countOf("limit", args.limit, 100)
    const { project, memory } = await session(args.cwd)
    const kinds = args.kind ? { kinds: [args.kind] } : {}
    const items = memory.list({ project, scope: "all", ...kinds, ...(statuses ? { statuses } : {}), limit })
    if (args.json) return printData({ project: project.display, items, unreadable: items.unreadable })
    const out = items.map(line)
    if (items.unreadable.length)
      out.push(
        `${items.unreadable.length} records failed to open: ${items.unreadable.map((u) => u.id).join(", ")} (run egc doctor)`,
      )
    printData(out.length ? out.join("\n") : `no memory for ${project.display}`)
  },
})

export const search = defineCommand({
  meta: { name: "search", description: "search this project's memory by words" },
  args: {
    ...cwdArgs,
    ...jsonArgs,
    query: { type: "positional", required: true, description: "words" },
    all: { type: "boolean", description: "search all your projects" },
  },
  async run({ args }) {
    const { project, memory } = await session(args.cwd)
    const items = memory.search({ project, query: String(args.query), crossProject: Boolean(args.all), limit: 50 })
    if (args.json) return printData(items)
    printData(
      items.length
        ? items.map((v) => `${args.all ? `[${v.project.display}] ` : ""}${line(v)}`).join("\n")
        : "nothing found",
    )
  },
})
