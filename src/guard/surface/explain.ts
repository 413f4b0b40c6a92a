import { judge } from "../judge"
import { contextFor } from "../context"
import { exitFor, verdictText } from "./format"

interface ExplainFlags {
  cwd: string
  json: boolean
}

/** `egc guard explain`: every command the guard found, what each rule said, and the final verdict. */
export async function explain(command: string, flags: ExplainFlags): Promise<void> {
  const ctx = await contextFor(flags.cwd, { strict: true })
  const j = judge(command, ctx, { trace: true })
  if (flags.json) {
    process.stdout.write(
      `${JSON.stringify({ verdict: j.verdict, commands: j.trace ?? [], findings: j.findings, parseErrors: j.parseErrors, cwd: j.scene.cwd, projectRoot: j.scene.projectRoot ?? null })}\n`,
    )
  } else {
    const lines = [
      `cwd: ${j.scene.cwd}${j.scene.projectRoot ? `  (project ${j.scene.projectRoot})` : "  (no project)"}`,
      "commands that would run:",
      ...(j.trace?.length ? j.trace.map((t) => `  ${t}`) : ["  (none)"]),
      ...(j.parseErrors.length ? ["parse problems:", ...j.parseErrors.map((e) => `  ${e}`)] : []),
      ...(j.findings.length ? ["findings:", ...j.findings.map((f) => `  ${f.decision} ${f.rule}: ${f.reason}`)] : []),
      `verdict: ${verdictText(j.verdict)}`,
    ]
    process.stdout.write(`${lines.join("\n")}\n`)
  }
  process.exitCode = exitFor(j.verdict)
}
