import { existsSync, readFileSync, statSync } from "node:fs"
import { writeFileAtomic } from "../core/atomic-write"
import { now } from "../core/clock"
import { keyedHash } from "../core/crypto"
import { EgcError } from "../core/errors"
import { loadKeys } from "../core/keys"
import { ensureEgcHome, paths } from "../core/paths"

/**
 * Which repositories have their mirror on: `$EGC_HOME/mirror.json` (0600), beside trust.json and
 * out of the agent's reach (the write gate denies writes under $EGC_HOME, and a project file the
 * agent can edit never turns it on). Keyed by a keyed hash of the repository's common git dir,
 * because the guards (filter config, info/attributes, info/exclude) belong to the repository and are
 * shared by its worktrees; the file names no path.
 */
interface MirrorSetting {
  /** The instruction files asked for with --files; undefined: the default set. */
  files?: string[]
  since: string
}
type Store = Record<string, MirrorSetting>

const mirrorFile = (): string => paths.mirror()

export const repoKey = (commonDir: string): string =>
  `r_${keyedHash(loadKeys().hash, `mirror|${commonDir}`).slice(0, 32)}`

/** A store anyone else can write is no store: read as empty (every mirror off). */
function readStore(): Store {
  const file = mirrorFile()
  if (!existsSync(file)) return {}
  try {
    if (process.platform !== "win32" && (statSync(file).mode & 0o022) !== 0) return {}
    const data = JSON.parse(readFileSync(file, "utf8")) as { repos?: unknown }
    const repos = data?.repos
    return repos !== null && typeof repos === "object" && !Array.isArray(repos) ? (repos as Store) : {}
  } catch {
    return {}
  }
}

function writeStore(store: Store): void {
  ensureEgcHome()
  const file = mirrorFile()
  try {
    writeFileAtomic(file, `${JSON.stringify({ version: 1, repos: store }, null, 2)}\n`, {
      mode: 0o600,
      keepMode: false,
    })
  } catch (cause) {
    throw new EgcError("E_IO", `cannot write ${file}`, { cause })
  }
}

export function settingOf(key: string): MirrorSetting | undefined {
  const s = readStore()[key]
  if (!s || typeof s !== "object") return undefined
  const files = Array.isArray(s.files) ? s.files.filter((f): f is string => typeof f === "string") : undefined
  return { ...(files ? { files } : {}), since: typeof s.since === "string" ? s.since : "" }
}

export function turnOn(key: string, files: string[] | undefined): MirrorSetting {
  const store = readStore()
  const setting = { ...(files ? { files } : {}), since: new Date(now()).toISOString() }
  store[key] = setting
  writeStore(store)
  return setting
}

export function turnOff(key: string): boolean {
  const store = readStore()
  if (!(key in store)) return false
  delete store[key]
  writeStore(store)
  return true
}
