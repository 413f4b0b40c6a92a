import { resolve } from "node:path"
import { judgeCommand } from "../index"
import type { GuardContext, Verdict } from "../types"
import { contextFor } from "../context"
import { record } from "./audit"
import { exitFor, verdictJson, verdictText } from "./format"

interface CheckFlags {
  cwd: string
  json: boolean
  record: boolean
}

export async function check(command: string, flags: CheckFlags): Promise<void> {
  const ctx = await contextFor(flags.cwd, { strict: true })
  const v = judgeCommand(command, ctx)
  process.exitCode = exitFor(v)
  try {
    // Bun.write, not process.stdout: creating node's stream objects cost every check several ms
    await Bun.write(Bun.stdout, `${flags.json ? verdictJson(v) : verdictText(v)}\n`)
  } catch {
    // the reader went away; the exit code still carries the verdict
  }
  if (flags.record) await record(v, command, ctx.cwd, "check")
}

const MAX_LINE = 1024 * 1024

/** JSON lines in, one verdict per line out, in order; a line that is not a request gets ask. */
export async function checkBatch(flags: CheckFlags): Promise<void> {
  const input = await Bun.stdin.text()
  const contexts = new Map<string, Promise<GuardContext>>()
  const out: string[] = []
  for (const line of input.split("\n")) {
    if (!line.trim()) continue
    let v: Verdict
    let request: { command?: unknown; cwd?: unknown } | undefined
    try {
      request = line.length > MAX_LINE ? undefined : (JSON.parse(line) as { command?: unknown; cwd?: unknown })
    } catch {
      request = undefined
    }
    if (!request || typeof request !== "object" || typeof request.command !== "string") {
      v = { decision: "ask", rule: "input.malformed", reason: 'the line is not a JSON object with a string "command"' }
    } else {
      const cwd = typeof request.cwd === "string" && request.cwd ? resolve(flags.cwd, request.cwd) : flags.cwd
      let ctx = contexts.get(cwd)
      if (!ctx) contexts.set(cwd, (ctx = contextFor(cwd, { strict: true })))
      const resolved = await ctx
      v = judgeCommand(request.command, resolved)
      if (flags.record) await record(v, request.command, resolved.cwd, "batch")
    }
    out.push(verdictJson(v))
    if (out.length >= 256) process.stdout.write(`${out.splice(0).join("\n")}\n`)
  }
  if (out.length) process.stdout.write(`${out.join("\n")}\n`)
  process.exitCode = 0
}
