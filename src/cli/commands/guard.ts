import { defineCommand } from "citty"
import { EXIT } from "../exit"

/**
 * `egc guard`: a machine-facing command. It owns stdout (verdicts only) and its exit codes
 * (0 allow, 2 deny, 3 ask), and parses its own argv so `egc guard -- <cmd…>` passes the wrapped
 * command through untouched. Only the guard's own modules load here: no consola, no zod.
 */
const USAGE = `usage:
  egc guard check [--cwd DIR] [--json] [--no-record] '<command>'   exit 0 allow, 2 deny, 3 ask
  egc guard check --batch [--cwd DIR] [--no-record]                JSON lines {"command","cwd"} in, one verdict per line out
  egc guard explain [--cwd DIR] [--json] '<command>'               how the command was parsed and judged
  egc guard log [--json] [--limit N] [--all-projects]              recorded denies and asks, newest first
  egc guard [--cwd DIR] [--yes] -- <command…>                      run it if allowed, keeping its exit code`

interface Flags {
  cwd: string
  json: boolean
  batch: boolean
  yes: boolean
  record: boolean
  limit: number
  allProjects: boolean
  rest: string[]
  passthrough: string[] | undefined
}

function parseFlags(raw: string[]): Flags {
  const f: Flags = { cwd: process.cwd(), json: false, batch: false, yes: false, record: true, limit: 50, allProjects: false, rest: [], passthrough: undefined }
  for (let i = 0; i < raw.length; i++) {
    const a = raw[i]!
    if (a === "--") {
      f.passthrough = raw.slice(i + 1)
      break
    }
    if (a === "--cwd") f.cwd = raw[++i] ?? f.cwd
    else if (a.startsWith("--cwd=")) f.cwd = a.slice(6)
    else if (a === "--json") f.json = true
    else if (a === "--batch") f.batch = true
    else if (a === "--yes" || a === "-y") f.yes = true
    else if (a === "--no-record") f.record = false
    else if (a === "--all-projects") f.allProjects = true
    else if (a === "--limit") f.limit = Number(raw[++i] ?? 50) || 50
    else f.rest.push(a)
  }
  return f
}

function usage(message: string): void {
  process.stderr.write(`egc guard: ${message}\n${USAGE}\n`)
  process.exitCode = EXIT.USAGE
}

export default defineCommand({
  meta: { name: "guard", description: "judge shell commands before they run: egc guard check|explain|log '<cmd>', egc guard -- <cmd…>" },
  args: {
    cwd: { type: "string", description: "directory the command runs in (default: the current directory)" },
    json: { type: "boolean", description: "print the verdict as JSON" },
    batch: { type: "boolean", description: "check: read JSON lines on stdin, answer one verdict per line" },
    yes: { type: "boolean", description: "run a command that needs confirmation without asking" },
  },
  async run({ rawArgs }) {
    const flags = parseFlags(rawArgs)
    const [sub, ...words] = flags.rest
    if (flags.passthrough !== undefined && (sub === undefined || sub === "run")) {
      const { runGuarded } = await import("../../guard/surface/run")
      return runGuarded(flags.passthrough, flags)
    }
    if (sub === "check") {
      const { check, checkBatch } = await import("../../guard/surface/check")
      if (flags.batch) return checkBatch(flags)
      const command = flags.passthrough?.join(" ") ?? words.join(" ")
      if (!command.trim()) return usage("check needs a command")
      return check(command, flags)
    }
    if (sub === "explain") {
      const command = flags.passthrough?.join(" ") ?? words.join(" ")
      if (!command.trim()) return usage("explain needs a command")
      const { explain } = await import("../../guard/surface/explain")
      return explain(command, flags)
    }
    if (sub === "log") {
      const { showLog } = await import("../../guard/surface/log")
      return showLog(flags)
    }
    return usage(sub ? `unknown subcommand '${sub}'` : "say what to do")
  },
})
