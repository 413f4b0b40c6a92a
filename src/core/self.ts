import { spawn } from "node:child_process"
import { env } from "./env"
/**
 * How to run this egc again, the one answer for every caller that re-spawns it (the session-end sync push,
 * mirror's clean filter, the crusher's rewritten commands, upgrade). Compiled, the executable is egc itself;
 * from source (`bun src/main.ts`), the executable is bun and egc is the entry script, so both are needed.
 */
const compiled = (): boolean => Bun.main.startsWith("/$bunfs/") || /^[A-Z]:\\~BUN\\/i.test(Bun.main)

/** The argv prefix that runs this egc: `[binary]`, or `[bun, entry script]` from source. */
export function selfArgv(): string[] {
  return compiled() ? [process.execPath] : [process.execPath, Bun.main]
}

/** The compiled egc binary this process runs from; undefined from source, where the executable is bun. */
export function selfBinary(): string | undefined {
  return compiled() ? process.execPath : undefined
}

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
