import { defineCommand } from "citty"
import { coreChecks, type Check, type CheckProvider } from "../../core/doctor"
import { cwdArgs, jsonArgs } from "../_args"
import { EXIT } from "../exit"
import { printData } from "../ui"

/** Each faculty adds its provider here as it lands. */
const providers: Array<() => Promise<CheckProvider>> = [
  async () => coreChecks,
  async () => (await import("../../mesh/doctor")).meshChecks,
  async () => (await import("../../guard/doctor")).guardChecks,
  async () => (await import("../../crush/doctor")).crushChecks,
  async () => (await import("../../install/doctor")).installChecks,
  async () => (await import("../../hooks/doctor")).hookChecks,
  async () => (await import("../../memory/doctor")).memoryChecks,
  async () => (await import("../../mcp/doctor")).mcpChecks,
  async () => (await import("../../sync")).syncChecks,
  async () => (await import("../../release/doctor")).releaseChecks,
]

export default defineCommand({
  meta: { name: "doctor", description: "check every piece of egc and say how to fix what is wrong" },
  args: { ...cwdArgs, ...jsonArgs },
  async run({ args }) {
    const cwd = args.cwd ?? process.cwd()
    const checks: Check[] = []
    for (const provider of providers) checks.push(...(await (await provider())({ cwd })))
    if (args.json) printData(checks)
    else {
      const mark = { ok: "✓", warn: "!", fail: "✗" } as const
      const lines = checks.map((c) => `${mark[c.status]} ${c.name.padEnd(12)} ${c.detail}${c.fix ? `\n    fix: ${c.fix}` : ""}`)
      printData(lines.join("\n"))
    }
    if (checks.some((c) => c.status === "fail")) process.exitCode = EXIT.FAILURE
  },
})
