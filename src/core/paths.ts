import { chmodSync, lstatSync, mkdirSync, statSync } from "node:fs"
import { homedir } from "node:os"
import { join } from "node:path"
import { env } from "./env"
import { EgcError } from "./errors"

/** The person's home directory (HOME first, so tests and installers can point it elsewhere). */
export function userHome(): string {
  return env.home() ?? homedir()
}

/** `$EGC_HOME`, default `~/.egc`. Not created here: see ensureEgcHome. */
export function egcHome(): string {
  return env.egcHome() ?? join(userHome(), ".egc")
}

export const paths = {
  db: () => join(egcHome(), "egc.db"),
  keysDir: () => join(egcHome(), "keys"),
  masterKey: () => join(egcHome(), "keys", "master.key"),
  /** Present only while a key rotation runs, or after one died (core/key-rotation.ts). */
  rotationJournal: () => join(egcHome(), "keys", "rotation.json"),
  config: () => join(egcHome(), "config.json"),
  logs: () => join(egcHome(), "logs"),
  crushRuns: () => join(egcHome(), "crush"),
  installRecord: () => join(egcHome(), "install.json"),
  backups: () => join(egcHome(), "backups"),
  quarantine: () => join(egcHome(), "quarantine"),
  mesh: () => join(egcHome(), "mesh"),
  sync: () => join(egcHome(), "sync"),
  /** Which repositories have their instruction-file mirror on (src/mirror/store.ts). */
  mirror: () => join(egcHome(), "mirror.json"),
}

const checked = new Set<string>()

/**
 * Create `$EGC_HOME` with mode 0700 when missing; refuse to run when it is group- or
 * world-writable, because anyone who can write there can swap the key or the database.
 */
export function ensureEgcHome(): string {
  const home = egcHome()
  if (checked.has(home)) return home
  try {
    mkdirSync(home, { recursive: true, mode: 0o700 })
  } catch (cause) {
    throw new EgcError("E_IO", `cannot create ${home}`, { cause, hint: "set EGC_HOME to a writable folder" })
  }
  const st = statSync(home)
  if (!st.isDirectory())
    throw new EgcError("E_HOME_UNSAFE", `${home} is not a directory`, { hint: "remove it or set EGC_HOME elsewhere" })
  if (process.platform !== "win32" && (st.mode & 0o022) !== 0) {
    throw new EgcError("E_HOME_UNSAFE", `${home} is writable by other users (mode ${(st.mode & 0o777).toString(8)})`, {
      hint: `run: chmod 700 '${home}'`,
    })
  }
  checked.add(home)
  return home
}

/** Make a private sub-folder of $EGC_HOME (0700). */
export function ensurePrivateDir(dir: string): string {
  ensureEgcHome()
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  try {
    if (process.platform !== "win32" && (lstatSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700)
  } catch {
    // best effort: the home check above is the one that must hold
  }
  return dir
}
