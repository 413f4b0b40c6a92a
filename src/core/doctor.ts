import { existsSync, statSync } from "node:fs"
import { describeProblem, loadConfigSafe } from "./config"
import { bindKey, integrityCheck, openDb } from "./db"
import { errorMessage, EgcError } from "./errors"
import { loadKeys, oldKeyFiles } from "./keys"
import { ensureEgcHome, paths } from "./paths"
import { resolveProject } from "./project"

/** One line of `egc doctor`: what was checked, whether it holds, and the fix when it does not. */
export interface Check {
  name: string
  status: "ok" | "warn" | "fail"
  detail: string
  fix?: string
}

export type CheckProvider = (ctx: { cwd: string }) => Promise<Check[]> | Check[]

const attempt = async (name: string, fn: () => Promise<string> | string): Promise<Check> => {
  try {
    return { name, status: "ok", detail: await fn() }
  } catch (e) {
    return {
      name,
      status: "fail",
      detail: errorMessage(e),
      ...(e instanceof EgcError && e.hint ? { fix: e.hint } : {}),
    }
  }
}

export const coreChecks: CheckProvider = async ({ cwd }) => [
  await attempt("home", () => `${ensureEgcHome()} (mode ${(statSync(ensureEgcHome()).mode & 0o777).toString(8)})`),
  await attempt("key", () => {
    const keys = loadKeys()
    return `${paths.masterKey()} (mode ${(statSync(paths.masterKey()).mode & 0o777).toString(8)}, id ${keys.keyId})`
  }),
  ...oldKeysCheck(),
  await configCheck(cwd),
  await attempt("database", () => {
    const db = openDb()
    bindKey(db, loadKeys().keyId)
    const problems = integrityCheck(db)
    if (problems.length)
      throw new EgcError("E_DB_CORRUPT", `integrity check failed: ${problems.slice(0, 3).join("; ")}`, {
        hint: "move the database aside and restore a backup",
      })
    return `${paths.db()} (integrity ok)`
  }),
  await attempt("project", () => {
    const p = resolveProject(cwd)
    return `${p.id} by ${p.basis}${p.branch ? `, branch ${p.branch}` : p.commit ? `, detached at ${p.commit.slice(0, 12)}` : ""}`
  }),
]

/** A kept old key is a second secret at rest: worth a line until the person deletes it. */
function oldKeysCheck(): Check[] {
  const old = oldKeyFiles()
  if (!old.length) return []
  return [
    {
      name: "old keys",
      status: "warn",
      detail: `${old.length} old key file(s) kept after a rotation: ${old.join(", ")}`,
      fix: "they open only data sealed before the rotation (older backups); delete them when no longer needed",
    },
  ]
}

/** Invalid files fail (their safeties run on the defaults); loosenings of an untrusted project file warn. */
export async function configCheck(cwd: string): Promise<Check> {
  let root = cwd
  try {
    root = resolveProject(cwd).root
  } catch {
    // no project: the cwd stands in
  }
  const { problems } = await loadConfigSafe({ projectRoot: root })
  const invalid = problems.filter((p) => p.kind === "invalid")
  const shown = (invalid.length ? invalid : problems).map(describeProblem).join("; ")
  if (invalid.length) {
    const fix = invalid[0]?.hint ?? "fix or remove the file named above"
    return { name: "config", status: "fail", detail: shown, fix }
  }
  if (problems.length) {
    const fix = "run `egc trust --show` in the project to see what it loosens"
    return { name: "config", status: "warn", detail: shown, fix }
  }
  const detail = existsSync(paths.config()) ? `${paths.config()} valid` : "defaults (no config file)"
  return { name: "config", status: "ok", detail }
}
