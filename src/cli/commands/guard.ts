import { defineCommand } from "citty"
import { EgcError } from "../../core/errors"
import { passthrough } from "../strict"

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
  egc guard rules [--cwd DIR] [--json]                             every rule id, its pack and its level here
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
  seen: Set<string>
}

/** Which flags each action takes; a flag another action takes is still a usage error here. */
const TAKES: Record<string, string[]> = {
  run: ["--cwd", "--yes", "--no-record"],
  check: ["--cwd", "--json", "--batch", "--no-record"],
  explain: ["--cwd", "--json"],
  log: ["--cwd", "--json", "--limit", "--all-projects"],
  rules: ["--cwd", "--json"],
}

function parseFlags(raw: string[]): Flags {
  const f: Flags = {
    ...{ cwd: process.cwd(), json: false, batch: false, yes: false, record: true, limit: 50, allProjects: false },
    ...{ rest: [], passthrough: undefined, seen: new Set() },
  }
  for (let i = 0; i < raw.length; i++) {
    const a = raw[i]!
    if (a === "--") {
      f.passthrough = raw.slice(i + 1)
      break
    }
    const flag = a.startsWith("--") ? a.split("=")[0]! : a
    if (a.startsWith("-") && a !== "-") f.seen.add(flag === "-y" ? "--yes" : flag)
    if (a === "--cwd") f.cwd = raw[++i] ?? f.cwd
    else if (a.startsWith("--cwd=")) f.cwd = a.slice(6)
    else if (a === "--json") f.json = true
    else if (a === "--batch") f.batch = true
    else if (a === "--yes" || a === "-y") f.yes = true
    else if (a === "--no-record") f.record = false
    else if (a === "--all-projects") f.allProjects = true
    else if (a === "--limit" || a.startsWith("--limit=")) f.limit = limitOf(a === "--limit" ? raw[++i] : a.slice(8))
    else if (a.startsWith("-") && a !== "-") throw usageError(`unknown flag '${a}' for 'egc guard'`)
    else f.rest.push(a)
  }
  return f
}

function limitOf(value: string | undefined): number {
  if (value && /^[1-9]\d{0,5}$/.test(value)) return Number(value)
  throw usageError(`--limit must be a whole number from 1 to 999999, not '${value ?? ""}'`)
}

const usageError = (message: string) => new EgcError("E_USAGE", message, { hint: USAGE })

/** Thrown, so the CLI edge formats it once: text on stderr, and JSON on stdout under --json. */
function usage(message: string): never {
  throw usageError(message)
}

/** The one command of check/explain: a single quoted word, or every word after `--`, never both. */
function commandOf(flags: Flags, words: string[]): string | undefined {
  if (flags.passthrough !== undefined && words.length) return undefined
  if (words.length > 1) return undefined
  return flags.passthrough?.join(" ") ?? words[0]
}

export default passthrough(
  defineCommand({
    meta: {
      name: "guard",
      description: "judge shell commands before they run: egc guard check|explain|log|rules, egc guard -- <cmd…>",
    },
    args: {
      action: {
        type: "positional",
        required: false,
        description: "check | explain | log | rules (none: run what follows --)",
      },
      command: { type: "positional", required: false, description: "the command to judge, as one quoted word" },
      cwd: { type: "string", description: "directory the command runs in (default: the current directory)" },
      json: { type: "boolean", description: "print the verdict as JSON" },
      batch: { type: "boolean", description: "check: read JSON lines on stdin, answer one verdict per line" },
      yes: { type: "boolean", alias: "y", description: "run a command that needs confirmation without asking" },
      record: { type: "boolean", default: true, description: "record denies and asks in the guard log" },
      limit: { type: "string", description: "log: most events (default 50)" },
      "all-projects": { type: "boolean", description: "log: every project's events" },
    },
    async run({ rawArgs }) {
      const flags = parseFlags(rawArgs)
      const [sub, ...words] = flags.rest
      const action = sub ?? (flags.passthrough !== undefined ? "run" : undefined)
      if (!action || !Object.hasOwn(TAKES, action)) {
        return usage(sub ? `unknown subcommand '${sub}' (check, explain, log, rules)` : "say what to do")
      }
      const takes = TAKES[action]!
      const wrong = [...flags.seen].find((f) => !takes.includes(f))
      const named = action === "run" ? "egc guard --" : `guard ${action}`
      if (wrong) return usage(`${named} does not take ${wrong} (it takes ${takes.join(", ")})`)
      if (action === "run") {
        if (flags.passthrough === undefined || words.length) return usage("run takes the command after --")
        const { runGuarded } = await (await import("../../guard")).surface.run()
        return runGuarded(flags.passthrough, flags)
      }
      if (action === "log") {
        if (words.length || flags.passthrough !== undefined) return usage("log takes no command")
        const { showLog } = await (await import("../../guard")).surface.log()
        return showLog(flags)
      }
      if (action === "rules") {
        if (words.length || flags.passthrough !== undefined) return usage("rules takes no command")
        const { showRules } = await import("./guard-rules")
        return showRules(flags)
      }
      if (action === "check" && flags.batch) {
        const given = words.length || flags.passthrough !== undefined
        if (given) return usage("check --batch reads commands on stdin, not here")
        const { checkBatch } = await (await import("../../guard")).surface.check()
        return checkBatch(flags)
      }
      const command = commandOf(flags, words)
      if (command === undefined) return usage(`${action} takes one command: quote it as one word, or put it after --`)
      if (!command.trim()) return usage(`${action} needs a command`)
      if (action === "check") {
        const { check } = await (await import("../../guard")).surface.check()
        return check(command, flags)
      }
      const { explain } = await (await import("../../guard")).surface.explain()
      return explain(command, flags)
    },
  }),
)
