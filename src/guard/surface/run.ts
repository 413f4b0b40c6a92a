import { judgeCommand } from "../index"
import { contextFor } from "../context"
import { record } from "./audit"
import { quoteArgv, verdictText } from "./format"

interface RunFlags {
  cwd: string
  yes: boolean
  record: boolean
}

/** `egc guard -- <cmd…>`: judge, then run without a shell, passing stdio and the exit code through. */
export async function runGuarded(argv: string[], flags: RunFlags): Promise<void> {
  if (!argv.length) {
    process.stderr.write("egc guard: nothing to run after --\n")
    process.exitCode = 64
    return
  }
  const command = quoteArgv(argv)
  const ctx = await contextFor(flags.cwd, { strict: true })
  const v = judgeCommand(command, ctx)
  if (v.decision !== "allow" && flags.record) await record(v, command, ctx.cwd, "run")
  if (v.decision === "deny") {
    process.stderr.write(`egc guard: refused: ${verdictText(v)}\n`)
    process.exitCode = 2
    return
  }
  if (v.decision === "ask" && !flags.yes) {
    if (!process.stdin.isTTY || !(await confirm(v))) {
      process.stderr.write(
        `egc guard: not run without confirmation: ${verdictText(v)}\n  (run it from a terminal to confirm, or pass --yes)\n`,
      )
      process.exitCode = 3
      return
    }
  }
  process.exitCode = await spawnPassthrough(argv, ctx.cwd)
}

async function confirm(v: { rule?: string; reason?: string }): Promise<boolean> {
  process.stderr.write(`egc guard: ${v.rule}: ${v.reason}\nRun it anyway? [y/N] `)
  for await (const chunk of process.stdin) {
    const answer = String(chunk).trim().toLowerCase()
    return answer === "y" || answer === "yes"
  }
  return false
}

async function spawnPassthrough(argv: string[], cwd: string): Promise<number> {
  let proc: ReturnType<typeof Bun.spawn>
  try {
    proc = Bun.spawn(argv, { cwd, stdin: "inherit", stdout: "inherit", stderr: "inherit" })
  } catch (e) {
    process.stderr.write(`egc guard: cannot run ${argv[0]}: ${e instanceof Error ? e.message : String(e)}\n`)
    return 127
  }
  const forward = (signal: NodeJS.Signals) => () => proc.kill(signal)
  const onInt = forward("SIGINT")
  const onTerm = forward("SIGTERM")
  process.on("SIGINT", onInt)
  process.on("SIGTERM", onTerm)
  const code = await proc.exited
  process.off("SIGINT", onInt)
  process.off("SIGTERM", onTerm)
  return proc.signalCode ? 128 + (signalNumber(String(proc.signalCode)) ?? 0) : code
}

const SIGNALS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGTERM: 15, SIGPIPE: 13 }
const signalNumber = (s: string): number | undefined => SIGNALS[s]
