import { defineCommand, renderUsage, runCommand } from "citty"
import { existsSync } from "node:fs"
import { env } from "../core/env"
import { EgcError, errorMessage } from "../core/errors"
import { backgroundLine } from "../core/log"
import { paths } from "../core/paths"
import { VERSION } from "../version"
import { type AnyCommand, commands } from "./commands"
import { EXIT } from "./exit"
import { errorJson, formatError } from "./format-error"
import { checkArgv } from "./strict"

export const root = defineCommand({
  meta: {
    name: "egc",
    version: VERSION,
    description: "one local runtime for AI coding tools: memory, guard, output filter, session mesh",
  },
  subCommands: commands,
})

/**
 * The CLI edge. Errors that reach here are formatted once and mapped to the exit-code table;
 * machine-facing commands (hook, guard, crush, serve) settle their own exit codes before that.
 */
export async function run(argv: string[]): Promise<void> {
  const background = env.takeBackgroundLog()
  try {
    if (argv.length === 0 || argv[0] === "help" || argv[0] === "--help" || argv[0] === "-h") {
      const target = argv[0] === "help" && argv[1] ? await resolve(argv[1]) : undefined
      process.stdout.write(`${await renderUsage(target ?? root, target ? root : undefined)}\n`)
      if (argv.length === 0) process.exitCode = EXIT.USAGE
      return
    }
    if (argv[0] === "--version" || argv[0] === "-v") {
      process.stdout.write(`${VERSION}\n`)
      return
    }
    const name = argv[0] ?? ""
    const sub = await resolve(name)
    if (!sub)
      throw new EgcError("E_USAGE", `unknown command '${name}'`, {
        hint: `see: egc --help (commands: ${Object.keys(commands).join(", ")})`,
      })
    const rest = argv.slice(1)
    const dashdash = rest.indexOf("--")
    const flags = dashdash === -1 ? rest : rest.slice(0, dashdash)
    if (flags.includes("--help") || flags.includes("-h")) {
      process.stdout.write(`${await usageOf(sub, rest)}\n`)
      return
    }
    await checkArgv(sub, rest, `egc ${name}`)
    // one stat on every start; the recovery itself loads only when a journal is there. Machine-facing
    // commands leave it to the person's next command: a hook must answer within its host's timeout,
    // and between a rotation's steps the key file either matches the database or fails them closed (77)
    if (!MACHINE_FACING.has(name) && existsSync(paths.rotationJournal())) await finishRotation()
    await runCommand(sub, { rawArgs: rest })
    // a command that settled a failing exit code itself (a withheld mirror file, a partial push) says so
    if (background)
      backgroundLine(
        background,
        `${await commandPath(argv)}: ${process.exitCode ? `exit ${process.exitCode}` : "done"}`,
      )
  } catch (error) {
    const usage = error instanceof Error && error.name === "CLIError"
    const hint = usage ? `see: ${await commandPath(argv)} --help` : undefined
    const settled = usage ? new EgcError("E_USAGE", error.message, { hint }) : error
    const { text, exitCode } = formatError(settled)
    process.stderr.write(`${text}\n`)
    if (background) backgroundLine(background, `${await commandPath(argv)}: exit ${exitCode}: ${text}`)
    if (wantsJson(argv)) process.stdout.write(`${JSON.stringify(errorJson(settled))}\n`)
    process.exitCode = exitCode
  }
}

/** `--json` before any `--`: the caller parses stdout, so an error is JSON there too. */
function wantsJson(argv: string[]): boolean {
  const end = argv.indexOf("--")
  return (end === -1 ? argv : argv.slice(0, end)).some((a) => a === "--json" || a === "--json=true")
}

/** The command words of argv (`egc memory approve`), for hints that name the real command. */
async function commandPath(argv: string[]): Promise<string> {
  const words = ["egc"]
  let current = argv[0] ? await resolve(argv[0]) : undefined
  if (!current) return "egc"
  words.push(argv[0]!)
  for (const word of argv.slice(1)) {
    const subs = typeof current.subCommands === "function" ? await current.subCommands() : await current.subCommands
    const next: unknown = subs && Object.hasOwn(subs, word) ? subs[word] : undefined
    if (!next) break
    words.push(word)
    current = (typeof next === "function" ? await next() : await next) as AnyCommand
  }
  return words.join(" ")
}

async function resolve(name: string): Promise<AnyCommand | undefined> {
  const loader = Object.hasOwn(commands, name) ? commands[name] : undefined
  return loader ? loader() : undefined
}

async function usageOf(cmd: AnyCommand, rest: string[]): Promise<string> {
  let current = cmd
  let parent: AnyCommand = root
  for (const word of rest) {
    if (word.startsWith("-")) break
    const subs = typeof current.subCommands === "function" ? await current.subCommands() : await current.subCommands
    const next = subs?.[word]
    if (!next) break
    parent = current
    current = typeof next === "function" ? await next() : await next
  }
  return renderUsage(current, parent)
}

const MACHINE_FACING = new Set(["hook", "guard", "crush", "serve"])

/**
 * A key rotation that died half way is finished or rolled back before anything else opens the
 * store (src/cli/rotate.ts). Its notes go to stderr: hooks and serve own stdout. A failure is told
 * and the command goes on: it then meets the key binding and fails closed by itself.
 */
async function finishRotation(): Promise<void> {
  try {
    const r = await (await import("./rotate")).recoverRotation()
    if (!r || r.outcome === "busy") return
    const note =
      r.outcome === "completed"
        ? `finished an interrupted key rotation (key id ${r.journal.from} → ${r.journal.to})`
        : r.outcome === "unverified"
          ? `finished an interrupted key rotation (key id ${r.journal.from} → ${r.journal.to}), but not everything opened under the new key: the old key is kept (egc keys --json, egc doctor)`
          : r.outcome === "rolled-back"
            ? `rolled back an interrupted key rotation; key id ${r.journal.from} stays in place`
            : `an interrupted key rotation (${r.journal.from} → ${r.journal.to}) does not match the database's key`
    process.stderr.write(`egc: ${note}\n`)
  } catch (e) {
    process.stderr.write(`egc: cannot finish an interrupted key rotation: ${errorMessage(e)}\n`)
  }
}
