import { defineCommand } from "citty"
import { coreChecks, type Check, type CheckProvider } from "../../core/doctor"
import { cwdArgs, jsonArgs } from "../_args"
import { EXIT } from "../exit"
import { printData } from "../ui"

/** Each faculty adds its provider here as it lands. */
const providers: Array<[string, () => Promise<CheckProvider>]> = [
  ["core", async () => coreChecks],
  ["mesh", async () => (await import("../../mesh")).doctorChecks()],
  ["guard", async () => (await import("../../guard")).doctorChecks()],
  ["crusher", async () => (await import("../../crush")).doctorChecks()],
  ["install (runs the binary, serve and every hook)", async () => (await import("../../install")).doctorChecks()],
  ["hooks", async () => (await import("../../hooks")).doctorChecks()],
  ["memory", async () => (await import("../../memory")).doctorChecks()],
  ["mcp", async () => (await import("../../mcp")).doctorChecks()],
  ["sync", async () => (await import("../../sync")).doctorChecks()],
  ["mirror", async () => (await import("../../mirror")).doctorChecks()],
  ["release", async () => (await import("../../release")).doctorChecks()],
]

/** Progress on one stderr line, only when a person watches it (a terminal); nothing in pipes or logs. */
function progress(): { step(text: string): void; done(): void } {
  if (!process.stderr.isTTY) return { step: () => {}, done: () => {} }
  return {
    step: (text) => void process.stderr.write(`\r\u001b[2K${text}`),
    done: () => void process.stderr.write("\r\u001b[2K"),
  }
}

export default defineCommand({
  meta: { name: "doctor", description: "check every piece of egc and say how to fix what is wrong" },
  args: { ...cwdArgs, ...jsonArgs },
  async run({ args }) {
    const cwd = args.cwd ?? process.cwd()
    const checks: Check[] = []
    const shown = progress()
    let n = 0
    for (const [name, provider] of providers) {
      shown.step(`egc doctor: checking ${name} (${++n}/${providers.length})…`)
      checks.push(...(await (await provider())({ cwd })))
    }
    shown.done()
    if (args.json) printData(checks)
    else {
      const mark = { ok: "✓", warn: "!", fail: "✗" } as const
      const lines = checks.map(
        (c) => `${mark[c.status]} ${c.name.padEnd(12)} ${c.detail}${c.fix ? `\n    fix: ${c.fix}` : ""}`,
      )
      printData(lines.join("\n"))
    }
    if (checks.some((c) => c.status === "fail")) process.exitCode = EXIT.FAILURE
  },
})
