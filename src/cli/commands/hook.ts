import { defineCommand } from "citty"
import { fstatSync } from "node:fs"
import { logToFile } from "../../core/log"
import { HOOK_EVENTS, HOOK_TOOLS, isHookEvent, isHookTool, readBounded, runHook } from "../../hooks"
import { EXIT } from "../exit"

/**
 * `egc hook <event> --tool <tool>`: machine-facing. Stdout carries only the tool's protocol,
 * logs go to $EGC_HOME/logs, and the exit code is the adapter's (0, or 2 where a tool blocks by
 * exit code). Only a wrong command line exits 64, on stderr, which hosts show and ignore.
 */
export default defineCommand({
  meta: { name: "hook", description: "answer a coding tool's lifecycle hook (reads its JSON on stdin)" },
  args: {
    event: { type: "positional", required: true, description: HOOK_EVENTS.join(" | ") },
    tool: { type: "string", default: "claude-code", description: HOOK_TOOLS.join(" | ") },
  },
  async run({ args }) {
    logToFile()
    if (!isHookEvent(args.event) || !isHookTool(args.tool)) {
      await Bun.write(
        Bun.stderr,
        `egc hook: unknown ${isHookEvent(args.event) ? `tool '${args.tool}' (${HOOK_TOOLS.join(", ")})` : `event '${args.event}' (${HOOK_EVENTS.join(", ")})`}\n`,
      )
      process.exitCode = EXIT.USAGE
      return
    }
    // a stdin that errors is treated like a malformed payload: answered neutrally (runHook logs it)
    const payload = interactive()
      ? { text: "", truncated: false }
      : await readBounded(Bun.stdin.stream()).catch(() => ({ text: "", truncated: false }))
    const out = await runHook(args.event, args.tool, { payload })
    try {
      // Bun.write, not process.stdout: the node stream objects cost ~8 ms of CPU to create
      if (out.stdout) await Bun.write(Bun.stdout, out.stdout)
      if (out.stderr) await Bun.write(Bun.stderr, out.stderr)
    } catch {
      // the host closed the pipe: nobody is left to answer
    }
    process.exitCode = out.exitCode
  },
})

/** A terminal on stdin means nobody is piping a payload. (process.stdin.isTTY and node:tty each cost ~3-6 ms of start-up.) */
function interactive(): boolean {
  try {
    return fstatSync(0).isCharacterDevice()
  } catch {
    return true
  }
}
