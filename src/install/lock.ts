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

/** One install or uninstall at a time; a lock left by a dead process is taken over. */
export function acquireInstallLock(): () => void {
  const path = join(ensureEgcHome(), "install.lock")
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx", 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(path, { force: true })
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e
      const pid = Number(readFileSync(path, "utf8").trim())
      const justCreated = !(pid > 0) && Date.now() - statSync(path).mtimeMs < 10_000
      if (justCreated || (Number.isInteger(pid) && pid > 0 && alive(pid))) {
        throw new EgcError("E_REFUSED", `another egc install or uninstall is running${pid > 0 ? ` (pid ${pid})` : ""}`, { hint: `wait for it to finish, or remove ${path} if that process is gone` })
      }
      rmSync(path, { force: true })
    }
  }
  throw new EgcError("E_IO", `cannot take the install lock ${path}`)
}
