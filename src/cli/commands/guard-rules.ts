import { loadConfig } from "../../core/config"
import { resolveProject } from "../../core/project"
import { levelFor, RULE_CATALOG } from "../../guard"

interface RuleRow {
  id: string
  pack: string
  /** The built-in level ("varies": the rule states its level per case). */
  builtin: string
  /** What applies here: a configured level (by id or by pack), else the built-in one. */
  level: string
  source: "config" | "built-in"
}

/** `egc guard rules`: every rule id, its pack, and the level it has in this project now. */
async function ruleRows(cwd: string): Promise<{ enabled: boolean; rules: RuleRow[] }> {
  let root: string | undefined
  try {
    root = resolveProject(cwd).root
  } catch {
    // outside a project: the user's config only
  }
  const { guard } = await loadConfig({ projectRoot: root })
  const rules = RULE_CATALOG.map(([id, builtin]): RuleRow => {
    const configured = levelFor(id, guard as Parameters<typeof levelFor>[1])
    return {
      id,
      pack: id.split(".")[0]!,
      builtin,
      level: configured ?? builtin,
      source: configured ? "config" : "built-in",
    }
  })
  return { enabled: guard.enabled, rules }
}

export async function showRules(flags: { cwd: string; json: boolean }): Promise<void> {
  const r = await ruleRows(flags.cwd)
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(r, null, 2)}\n`)
    return
  }
  const width = Math.max(...r.rules.map((x) => x.id.length))
  const lines = r.rules.map(
    (x) =>
      `${x.id.padEnd(width)}  ${x.pack.padEnd(10)} ${x.level.padEnd(6)}${x.source === "config" ? ` (config; built-in ${x.builtin})` : ""}`,
  )
  if (!r.enabled) lines.unshift("the guard is disabled (guard.enabled: false): no rule applies")
  process.stdout.write(`${lines.join("\n")}\n`)
}
