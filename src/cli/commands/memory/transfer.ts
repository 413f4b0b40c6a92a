import { defineCommand } from "citty"
import { readFileSync, statSync, writeFileSync } from "node:fs"
import { EgcError } from "../../../core/errors"
import { cwdArgs, jsonArgs } from "../../_args"
import { printData, ui } from "../../ui"
import { session } from "./_shared"

/** `egc memory export` / `egc memory import`: moving memory between homes by hand (issue 19). */
export const exportCmd = defineCommand({
  meta: { name: "export", description: "write this project's memory (or all of it) as plaintext JSON or Markdown" },
  args: {
    ...cwdArgs,
    all: { type: "boolean", description: "every project, not only this one" },
    format: {
      type: "enum",
      options: ["json", "markdown"],
      description: "json (importable, default) or markdown (to read)",
    },
    out: { type: "string", description: "write to this new file (mode 0600) instead of stdout", valueHint: "file" },
  },
  async run({ args }) {
    const { exportMarkdown, exportMemory } = await (await import("../../../sync")).surface()
    const { project, memory } = await session(args.cwd)
    const file = exportMemory(memory, project, { all: Boolean(args.all) })
    const text = args.format === "markdown" ? `${exportMarkdown(file)}\n` : `${JSON.stringify(file, null, 2)}\n`
    const count = file.projects.reduce((n, p) => n + p.items.length, 0)
    const u = await ui()
    u.warn("the export is plaintext: anyone who can read it can read these memories")
    if (args.out === undefined) return void process.stdout.write(text)
    try {
      writeFileSync(args.out, text, { mode: 0o600, flag: "wx" })
    } catch (cause) {
      throw new EgcError("E_IO", `cannot write ${args.out} (it must not exist yet)`, { cause })
    }
    u.success(`${count} items of ${file.projects.length} projects written to ${args.out} (mode 0600)`)
  },
})

export const importCmd = defineCommand({
  meta: {
    name: "import",
    description: "import an export file through the write layer (pending until reviewed, unless --trust)",
  },
  args: {
    ...cwdArgs,
    ...jsonArgs,
    file: { type: "positional", required: true, description: "a JSON file written by egc memory export" },
    trust: { type: "boolean", description: "approve the imported items at once (you vouch for the file)" },
  },
  async run({ args }) {
    const { importMemory, parseExport } = await (await import("../../../sync")).surface()
    const path = String(args.file)
    let text: string
    try {
      if (statSync(path).size > 64 * 1024 * 1024) throw new EgcError("E_INPUT", `${path} is larger than 64 MB`)
      text = readFileSync(path, "utf8")
    } catch (cause) {
      if (cause instanceof EgcError) throw cause
      throw new EgcError("E_NOT_FOUND", `cannot read ${path}`, { cause })
    }
    const parsed = parseExport(text, path)
    const { project, memory } = await session(args.cwd)
    const report = importMemory(memory, project, parsed, { trust: Boolean(args.trust) })
    if (args.json) return printData(report)
    const lines = [
      `${report.created} stored, ${report.pending} pending review, ${report.unchanged} already known, ${report.refused.length} refused`,
      ...report.refused.map((r) => `  refused ${JSON.stringify(r.title)}: ${r.reason}`),
      ...report.skipped.map(
        (s) => `  skipped ${s.items} items of ${s.display} (another project: import from inside it)`,
      ),
    ]
    if (report.pending) lines.push("review them with: egc memory review")
    printData(lines.join("\n"))
  },
})
