import { spawn } from "node:child_process"
import { env } from "./env"
import { selfArgv } from "./self"

/**
 * Runs `egc <args>` detached (its own session: a host that kills the hook's process group does not stop
 * it) and returns at once. Its outcome goes, redacted, to $EGC_HOME/logs/<log>.log through the CLI edge
 * (EGC_BACKGROUND_LOG); a child that cannot start is only not logged.
 */
export function startDetached(args: string[], cwd: string, log: string): void {
  const [bin = process.execPath, ...pre] = selfArgv()
  const child = spawn(bin, [...pre, ...args], {
    cwd,
    detached: true,
    stdio: "ignore",
    env: { ...env.all(), EGC_BACKGROUND_LOG: log },
  })
  child.on("error", () => {})
  child.unref()
}
