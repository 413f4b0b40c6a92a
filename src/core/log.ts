import { appendFileSync, renameSync, statSync } from "node:fs"
import { join } from "node:path"
import { env } from "./env"
import { own } from "./own"
import { ensurePrivateDir, paths } from "./paths"

/**
 * The one logger. Lines go to stderr, or to `$EGC_HOME/logs/egc.log` for machine-facing
 * commands (hooks, serve) whose stderr nobody reads. Never stdout: that is protocol.
 * consola is for people (src/cli/ui.ts); it is too heavy for the hook path.
 */
export type Level = "debug" | "info" | "warn" | "error"
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 }
const MAX_BYTES = 1_000_000
const KEEP = 3
/** The redactor loads with the first line written, not with every command that might log. */
const redact = (text: string): string => (require("./secrets") as typeof import("./secrets")).redact(text)

let sink: "stderr" | "file" = "stderr"

export function logToFile(): void {
  sink = "file"
}

export function logToStderr(): void {
  sink = "stderr"
}

function threshold(to: "stderr" | "file"): number {
  // an unknown level (or one named like an object member) is as if none were set
  const level = env.logLevel()
  return (level ? own(ORDER, level) : undefined) ?? ORDER[to === "file" ? "info" : "warn"]
}

function format(level: Level, tag: string, message: string, extra?: Record<string, unknown>): string {
  const kv = extra
    ? Object.entries(extra)
        .map(([k, v]) => ` ${k}=${typeof v === "string" ? JSON.stringify(v) : String(v)}`)
        .join("")
    : ""
  // a log line is plaintext at rest; redacting the whole line also catches `token="…"` extras
  return redact(`${new Date().toISOString()} ${level.toUpperCase()} [${tag}] ${message}${kv}\n`)
}

function writeFile(line: string, name = "egc"): void {
  try {
    const dir = ensurePrivateDir(paths.logs())
    const file = join(dir, `${name}.log`)
    try {
      if (statSync(file).size > MAX_BYTES) rotate(file)
    } catch {
      // no file yet
    }
    appendFileSync(file, line, { mode: 0o600 })
  } catch {
    // logging must never break the caller
  }
}

function rotate(file: string): void {
  for (let i = KEEP - 1; i >= 1; i--) {
    try {
      renameSync(`${file}.${i}`, `${file}.${i + 1}`)
    } catch {
      // missing generation
    }
  }
  renameSync(file, `${file}.1`)
}

export interface Logger {
  debug(message: string, extra?: Record<string, unknown>): void
  info(message: string, extra?: Record<string, unknown>): void
  warn(message: string, extra?: Record<string, unknown>): void
  error(message: string, extra?: Record<string, unknown>): void
}

/** `file`: always to `$EGC_HOME/logs`, for failures that must leave a trace even from a terminal command. */
export function createLogger(tag: string, opts: { file?: boolean } = {}): Logger {
  const emit = (level: Level) => (message: string, extra?: Record<string, unknown>) => {
    const to = opts.file ? "file" : sink
    if (ORDER[level] < threshold(to)) return
    const line = format(level, tag, message, extra)
    if (to === "file") writeFile(line)
    else process.stderr.write(line)
  }
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") }
}

/**
 * A line in `$EGC_HOME/logs/<name>.log` (same rotation, redacted like every log line): what a command
 * started in the background by a hook did, since nobody reads its stdout or stderr.
 */
export function backgroundLine(name: string, message: string): void {
  writeFile(redact(`${new Date().toISOString()} ${message}\n`), name)
}
