import { defineCommand } from "citty"
import { loadConfig } from "../../core/config"
import { EgcError } from "../../core/errors"
import { resolveProject } from "../../core/project"
import { cwdArgs, jsonArgs } from "../_args"
import { printData } from "../ui"
import { configFiles, origins, validateFiles } from "./config-check"

const rootOf = (cwd: string | undefined): string | undefined => {
  try {
    return resolveProject(cwd ?? process.cwd()).root
  } catch {
    return undefined
  }
}

const path = defineCommand({
  meta: { name: "path", description: "where the config files are (user, this project) and whether they exist" },
  args: { ...cwdArgs, ...jsonArgs },
  run({ args }) {
    const files = configFiles(rootOf(args.cwd)).filter((f) => f.path)
    if (args.json) return printData(files.map((f) => ({ source: f.source, path: f.path, exists: f.exists })))
    printData(files.map((f) => `${f.source.padEnd(8)} ${f.path}${f.exists ? "" : "  (not created)"}`).join("\n"))
  },
})

const show = defineCommand({
  meta: { name: "show", description: "the merged effective config, and where each value came from" },
  args: { ...cwdArgs, ...jsonArgs },
  async run({ args }) {
    const root = rootOf(args.cwd)
    const effective = await loadConfig({ projectRoot: root })
    const rows = origins(effective as unknown as Record<string, unknown>, configFiles(root))
    if (args.json)
      return printData({ config: effective, origins: Object.fromEntries(rows.map((r) => [r.field, r.source])) })
    const width = Math.max(...rows.map((r) => r.field.length))
    printData(rows.map((r) => `${r.field.padEnd(width)}  ${JSON.stringify(r.value)}   (${r.source})`).join("\n"))
  },
})

const validate = defineCommand({
  meta: {
    name: "validate",
    description: "check every config file: JSON syntax and schema, each problem with file, field and line:col",
  },
  args: { ...cwdArgs, ...jsonArgs },
  async run({ args }) {
    const files = configFiles(rootOf(args.cwd))
    const problems = await validateFiles(files)
    const checked = files.filter((f) => f.exists).map((f) => f.path ?? f.source)
    if (args.json && !problems.length) return printData({ ok: true, checked, problems })
    if (!problems.length)
      return printData(checked.length ? `ok: ${checked.join(", ")}` : "ok: no config files (built-in defaults)")
    const details = problems.map(
      (p) => `${p.file}${p.line ? `:${p.line}:${p.column}` : ""}: ${p.field ? `${p.field}: ` : ""}${p.message}`,
    )
    throw new EgcError("E_CONFIG", `${problems.length} problem(s) in the configuration`, {
      details,
      hint: "fix the fields named above; see: egc config schema",
    })
  },
})

const schema = defineCommand({
  meta: { name: "schema", description: 'print the config\'s JSON Schema (for editors: "$schema" in config.json)' },
  async run() {
    const { configJsonSchema } = await import("../../core/config-json-schema")
    printData(configJsonSchema())
  },
})

/** `egc config …`: what is configured, from where, and whether it is valid. */
export default defineCommand({
  meta: { name: "config", description: "the configuration: show (effective, with sources), validate, path, schema" },
  subCommands: { show, validate, path, schema },
})
