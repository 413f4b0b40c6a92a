import { defineCommand } from "citty"
import { jsonArgs } from "../_args"
import { printData } from "../ui"

/** Savings of `egc crush`: bytes and estimated tokens in and out, by family, project and day. */
export default defineCommand({
  meta: { name: "gain", description: "report what egc crush saved, by command family, project and day" },
  args: {
    ...jsonArgs,
    since: { type: "string", description: "only runs since a duration ago (24h, 7d) or a date (2026-01-31)" },
  },
  async run({ args }) {
    const { parseSince, renderSavings, savings } = await (await import("../../crush")).surface()
    const report = savings(args.since ? { since: parseSince(args.since) } : {})
    if (args.json) return printData(report)
    const { resolveProject } = await import("../../core/project")
    let here: string | undefined
    try {
      here = resolveProject(process.cwd()).id
    } catch {
      // outside any project: no row is marked
    }
    printData(renderSavings(report, here))
  },
})
