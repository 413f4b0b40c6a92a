import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs"
import { join } from "node:path"
import { EgcError } from "../core/errors"
import { ensureEgcHome } from "../core/paths"

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** Held by this process: the command takes the lock before planning, apply takes it again. */
const held = new Map<string, number>()

/**
 * One install or uninstall at a time, from planning to the last write; a lock left by a dead
 * process is taken over. Re-entrant within one process.
 */
export function acquireInstallLock(): () => void {
  const path = join(ensureEgcHome(), "install.lock")
  const depth = held.get(path) ?? 0
  if (depth > 0) {
    held.set(path, depth + 1)
    return () => held.set(path, (held.get(path) ?? 1) - 1)
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx", 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      held.set(path, 1)
      return () => {
        const left = (held.get(path) ?? 1) - 1
        held.set(path, left)
        if (left === 0) rmSync(path, { force: true })
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e
      const pid = Number(readFileSync(path, "utf8").trim())
      const justCreated = !(pid > 0) && Date.now() - statSync(path).mtimeMs < 10_000
      if (justCreated || (Number.isInteger(pid) && pid > 0 && alive(pid))) {
        throw new EgcError(
          "E_REFUSED",
          `another egc install or uninstall is running${pid > 0 ? ` (pid ${pid})` : ""}`,
          { hint: `wait for it to finish, or remove ${path} if that process is gone` },
        )
      }
      rmSync(path, { force: true })
    }
  }
  throw new EgcError("E_IO", `cannot take the install lock ${join(ensureEgcHome(), "install.lock")}`)
}
