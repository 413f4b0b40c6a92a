import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { tmpdir, type TmpDir } from "../fixture"
import { runEgc } from "./_binary"

/**
 * A temporary HOME holding each named tool's folder, configured by `egc install --yes` alone
 * (the real-client suites run their tools on it). Gemini and Qwen get folder trust turned off in a
 * settings file the user "already had", which the install must keep.
 */
export interface InstalledHome {
  tmp: TmpDir
  home: string
  project: string
  env: Record<string, string> & { EGC_HOME: string; HOME: string }
  [Symbol.dispose](): void
}

const FOLDERS: Record<string, string> = {
  "claude-code": ".claude",
  codex: ".codex",
  gemini: ".gemini",
  qwen: ".qwen",
  opencode: ".config/opencode",
}

export function prepareHome(tools: string[]): InstalledHome {
  const tmp = tmpdir()
  const home = join(tmp.path, "home")
  const project = join(tmp.path, "project")
  mkdirSync(project, { recursive: true })
  for (const t of tools) mkdirSync(join(home, FOLDERS[t] ?? `.${t}`), { recursive: true })
  const untrusted =
    '{\n  // written by the user before the install\n  "security": { "folderTrust": { "enabled": false } }\n}\n'
  if (tools.includes("gemini")) writeFileSync(join(home, ".gemini", "settings.json"), untrusted)
  if (tools.includes("qwen")) writeFileSync(join(home, ".qwen", "settings.json"), untrusted)
  const env = {
    HOME: home,
    USERPROFILE: home,
    EGC_HOME: join(tmp.path, "egc-home"),
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_DATA_HOME: join(home, ".local", "share"),
    XDG_STATE_HOME: join(home, ".local", "state"),
    XDG_CACHE_HOME: join(home, ".cache"),
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    OPENCODE_DISABLE_AUTOUPDATE: "1",
  }
  return { tmp, home, project, env, [Symbol.dispose]: () => tmp[Symbol.dispose]() }
}

export async function installedHome(tools: string[]): Promise<InstalledHome> {
  const h = prepareHome(tools)
  await installInto(h.home, tools, { cwd: h.project, env: h.env })
  return h
}

/** Configure an existing temporary HOME with `egc install --yes` alone (for other suites' homes). */
export async function installInto(
  home: string,
  tools: string[],
  opts: { cwd: string; env?: Record<string, string> },
): Promise<void> {
  const env = { XDG_CONFIG_HOME: join(home, ".config"), ...opts.env, HOME: home, USERPROFILE: home }
  const r = await runEgc(["install", "--yes", "--target", tools.join(",")], { cwd: opts.cwd, env })
  if (r.code !== 0) throw new Error(`egc install failed (${r.code}): ${r.stderr}`)
}
