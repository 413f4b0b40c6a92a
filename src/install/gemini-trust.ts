import { existsSync, readFileSync } from "node:fs"
import { dirname, join, resolve, sep } from "node:path"
import type { Check } from "../core/doctor"
import { readJsonc } from "./edit/json"

/**
 * Gemini CLI's folder trust: in a folder it does not trust, every MCP server is "Disabled" and the
 * project's .gemini/settings.json (egc's hooks) is ignored. Trust lives in ~/.gemini/trustedFolders.json
 * (path → TRUST_FOLDER | TRUST_PARENT | DO_NOT_TRUST); the feature is on when settings say so.
 */
export const GEMINI_TRUST_HINT =
  "Gemini CLI disables MCP servers in folders it does not trust: open gemini in the project and run /permissions " +
  "to trust it (or add the folder to ~/.gemini/trustedFolders.json as TRUST_FOLDER)"

const read = (file: string): Record<string, unknown> | undefined => {
  try {
    return existsSync(file) ? readJsonc(readFileSync(file, "utf8"), file) : undefined
  } catch {
    return undefined
  }
}

const under = (path: string, dir: string) => path === dir || path.startsWith(dir.endsWith(sep) ? dir : `${dir}${sep}`)

/** trusted | untrusted | off (folder trust not enabled) | unknown (no decision recorded for the folder). */
export function geminiTrust(home: string, folder: string): "trusted" | "untrusted" | "off" | "unknown" {
  const settings = read(join(home, ".gemini", "settings.json"))
  const security = settings?.security as { folderTrust?: { enabled?: unknown } } | undefined
  if (security?.folderTrust?.enabled !== true) return "off"
  const rules = read(join(home, ".gemini", "trustedFolders.json")) ?? {}
  const path = resolve(folder)
  let best: { length: number; trusted: boolean } | undefined
  for (const [rawDir, level] of Object.entries(rules)) {
    const dir = level === "TRUST_PARENT" ? dirname(resolve(rawDir)) : resolve(rawDir)
    if (!under(path, dir)) continue
    // the most specific rule decides, as in Gemini CLI
    if (!best || dir.length > best.length) best = { length: dir.length, trusted: level !== "DO_NOT_TRUST" }
  }
  if (!best) return "unknown"
  return best.trusted ? "trusted" : "untrusted"
}

/** The doctor line for a folder where egc is registered for Gemini CLI. */
export function geminiTrustCheck(home: string, folder: string): Check | undefined {
  const trust = geminiTrust(home, folder)
  if (trust === "off") return undefined
  if (trust === "trusted") return { name: "install gemini trust", status: "ok", detail: `Gemini CLI trusts ${folder}` }
  const what = trust === "untrusted" ? "is marked untrusted" : "has not been trusted yet"
  return {
    name: "install gemini trust",
    status: "warn",
    detail: `${folder} ${what} in Gemini CLI: egc shows as Disabled there`,
    fix: GEMINI_TRUST_HINT,
  }
}
