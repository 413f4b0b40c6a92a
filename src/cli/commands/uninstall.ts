import { defineCommand } from "citty"
import { EgcError } from "../../core/errors"
import { egcHome } from "../../core/paths"
import { purge, purgePlan, targetById, uninstall, type PurgePlan } from "../../install"
import { jsonArgs } from "../_args"
import { printData, ui } from "../ui"
import { parseScope, parseTargets, projectRoot } from "./install"

export default defineCommand({
  meta: { name: "uninstall", description: "undo egc install exactly; keeps egc's memory unless --purge" },
  args: {
    ...jsonArgs,
    target: { type: "string", description: "only these tools, comma-separated", valueHint: "ids" },
    scope: {
      type: "string",
      description: "only user-level entries, or only this project's",
      valueHint: "user|project",
    },
    cwd: { type: "string", description: "the project for --scope project (default: the current directory)" },
    "dry-run": { type: "boolean", description: "say what would be undone; change nothing" },
    purge: { type: "boolean", description: "also delete $EGC_HOME: all memory, keys and logs (asks first)" },
    yes: { type: "boolean", alias: "y", description: "do not ask before --purge" },
  },
  async run({ args }) {
    const targets = parseTargets(args.target)
    for (const id of targets ?? [])
      if (!targetById(id)) throw new EgcError("E_USAGE", `unknown target '${id}'`, { hint: "see: egc install --list" })
    if (args.purge && (targets || args.scope))
      throw new EgcError("E_USAGE", "--purge removes everything; it cannot be combined with --target or --scope")
    const scope = args.scope === undefined ? undefined : parseScope(args.scope)
    const project = scope === "project" ? projectRoot(args.cwd ?? process.cwd()) : undefined
    // decided before anything is undone: a refused purge changes nothing
    const plan = args.purge ? purgePlan() : undefined
    if (plan) listPurge(plan, Boolean(args["dry-run"]))
    if (plan && !args["dry-run"] && !args.yes) await confirmPurge()
    const result = uninstall({
      ...(targets ? { targets } : {}),
      ...(scope ? { scope } : {}),
      ...(project ? { project } : {}),
      dryRun: Boolean(args["dry-run"]),
    })
    if (plan && !args["dry-run"]) {
      // planned again: the uninstall itself may have written in the folder (its lock)
      const now = purgePlan()
      if (now) purge(now)
    }
    if (args.json)
      return printData({
        ...result,
        purged: Boolean(plan && !args["dry-run"]),
        ...(plan ? { purge: plan.entries } : {}),
      })
    const would = args["dry-run"] ? "would be " : ""
    const lines = [
      ...result.restored.map((p) => `${would}restored ${p}`),
      ...result.removed.map((p) => `${would}removed ${p} (egc created it)`),
      ...result.cleaned.map((p) => `egc's entries ${would}removed from ${p} (changed since install)`),
      ...result.kept.map((k) => `kept ${k.path}: ${k.reason}`),
    ]
    printData(lines.length ? lines.join("\n") : "nothing recorded to undo")
    if (plan && !args["dry-run"]) (await ui()).success(`removed ${plan.home}`)
  },
})

async function confirmPurge(): Promise<void> {
  if (!process.stdin.isTTY)
    throw new EgcError("E_USAGE", "--purge deletes all memory; not asking on a non-interactive terminal", {
      hint: "pass --yes to confirm",
    })
  const ok = await (await ui()).prompt(`Delete ${egcHome()} with all memory and keys? This cannot be undone.`, {
    type: "confirm",
    initial: false,
    cancel: "default",
  })
  if (ok !== true) throw new EgcError("E_REFUSED", "nothing deleted")
}

function listPurge(plan: PurgePlan, dryRun: boolean): void {
  const verb = dryRun ? "would delete" : "deleting"
  process.stderr.write(`${verb} ${plan.home} and everything in it:\n${plan.entries.map((e) => `  ${e}\n`).join("")}`)
}
