import { defineCommand } from "citty"
import { countOf, cwdArgs, jsonArgs } from "../../_args"
import { printData } from "../../ui"
import { session } from "./_shared"

/** `egc memory branches`: memory follows git — promote merged branches, follow renames, archive deleted ones. */
export const branches = defineCommand({
  meta: {
    name: "branches",
    description: "move items of merged/renamed branches, archive those of deleted ones; --undo BRANCH reverses",
  },
  args: {
    ...cwdArgs,
    ...jsonArgs,
    undo: {
      type: "string",
      description: "put back the items moved out of this branch and hold it there",
      valueHint: "branch",
    },
    "grace-days": {
      type: "string",
      description: "days a deleted branch's items wait before you are asked about them (default 14)",
    },
  },
  async run({ args }) {
    const { project, memory, actor } = await session(args.cwd)
    const { followBranches, undoBranch } = await (await import("../../../sync")).surface()
    if (args.undo !== undefined) {
      const back = undoBranch(memory, project, args.undo, actor)
      return printData(args.json ? { restored: back } : `${back.length} items put back on ${args.undo}`)
    }
    const graceDays = args["grace-days"] === "0" ? 0 : countOf("grace-days", args["grace-days"], 14, 3650)
    const r = followBranches(memory, project, { graceMs: graceDays * 24 * 3_600_000 })
    if (args.json) return printData(r)
    const lines = [
      ...r.promoted.map(
        (p) =>
          `${p.items} items of ${p.how === "merged" ? "merged" : p.how === "squash" ? "squash-merged" : "(you said) merged"} ${p.branch} moved to ${project.defaultBranch}`,
      ),
      ...r.renamed.map((p) => `${p.items} items followed ${p.from} → ${p.to}`),
      ...r.archived.map((p) => `${p.items} items of deleted ${p.branch} archived`),
      ...r.asked.map((p) => `${p.branch} is deleted: were its items merged? Answer ${p.id} in egc memory review`),
      ...r.waiting.map((p) =>
        p.asked
          ? `${p.branch} is deleted; its question ${p.asked} waits in egc memory review (approve: merged, reject: archive)`
          : `${p.branch} is gone since ${new Date(p.since).toISOString()}; you are asked about its items after the grace period`,
      ),
    ]
    printData(lines.length ? lines.join("\n") : "nothing to do")
  },
})
