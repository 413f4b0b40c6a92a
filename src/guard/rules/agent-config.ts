import { relative } from "node:path"
import { egcHome } from "../../core/paths"
import type { Scene } from "../invocation"
import { inside, resolveArg } from "../paths"
import { ALLOW, stricter, type Verdict } from "../types"
import { ask, deny } from "./finding"
import type { Rule } from "./index"
import { sensitiveWrite } from "./sensitive"

/**
 * Files that decide what a coding agent may do: egc's project config and every coding tool's
 * settings, hooks and MCP files (src/install/targets/* names the ones egc itself writes), under
 * the project or the home folder. An agent that edits them could loosen its own limits, so the
 * person confirms (DESIGN principle 11); $EGC_HOME (keys, trust, config) is never the agent's.
 */
const FILES = new Set([
  ".egc/config.json",
  ".claude/settings.json",
  ".claude/settings.local.json",
  ".claude.json",
  ".mcp.json",
  ".gemini/settings.json",
  ".qwen/settings.json",
  ".cursor/hooks.json",
  ".cursor/mcp.json",
  ".vscode/mcp.json",
  ".vscode/settings.json",
  "opencode.json",
  "opencode.jsonc",
  ".amp/settings.json",
  ".codebuddy/settings.json",
  ".codebuddy.json",
  ".zed/settings.json",
  ".trae/mcp.json",
  ".copilot/mcp-config.json",
  ".copilot/config.json",
  ".aider.conf.yml",
  ".config/amp/settings.json",
  ".config/goose/config.yaml",
  ".config/zed/settings.json",
])
const DIRS = [
  ".codex",
  ".kiro",
  ".windsurf",
  ".codeium/windsurf",
  ".clinerules",
  ".amazonq",
  ".github/hooks",
  ".opencode",
  ".continue",
  ".junie/mcp",
  ".gemini/antigravity",
  ".gemini/antigravity-cli",
  ".config/opencode",
  ".config/Code/User",
  "Library/Application Support/Code/User",
  "Documents/Cline/Hooks",
]

const isAgentConfig = (rel: string): boolean => FILES.has(rel) || DIRS.some((d) => rel === d || rel.startsWith(`${d}/`))

export function agentConfigWrite(abs: string, scene: Scene, via: string): Verdict {
  const home = egcHome()
  if (inside(abs, home)) {
    const why = `${via} writes into ${abs}, egc's own keys, trust and settings`
    return deny("write.egc-home", why, "ask the person to change egc's settings themselves")
  }
  for (const base of [scene.projectRoot, scene.home]) {
    if (!base || !inside(abs, base)) continue
    const rel = relative(base, abs)
    if (!isAgentConfig(rel)) continue
    const why = `${via} changes ${rel}, which sets what a coding agent or egc may do`
    return ask("write.agent-config", why, "let the person make this change")
  }
  return ALLOW
}

/**
 * `egc trust` lets a project file loosen the person's policy, and `egc mirror on` copies memory into
 * plaintext instruction files, and `egc keys rotate` retires the key the person's recovery copy and
 * backups hold: only the person runs them (mirror status/refresh/off loosen nothing).
 */
const egc: Rule = (inv) => {
  const words = inv.args.slice(1).map((a) => a.text)
  if (words[0] === "mirror" && words.slice(1).includes("on")) {
    const why = "egc mirror on writes project memory into plaintext instruction files"
    return ask("egc.mirror", why, "let the person run egc mirror on themselves")
  }
  if (words[0] === "keys" && words.includes("rotate")) {
    const why = "egc keys rotate replaces the key the person's recovery copy and backups hold"
    return ask("egc.keys-rotate", why, "let the person run egc keys rotate themselves")
  }
  if (words[0] !== "trust" || words.includes("--show") || words.includes("--revoke")) return ALLOW
  const why = "egc trust lets this project's config loosen the person's policy"
  return ask("egc.trust", why, "let the person run egc trust themselves")
}

/** `sed -i` rewrites the files it names, so those are write targets. */
const inPlace: Rule = (inv, walk, name) => {
  const args = inv.args.slice(1)
  if (!args.some((a) => /^(-[a-zA-Z]*i|--in-place)/.test(a.text))) return ALLOW
  const scripted = args.some((a) => /^(-e|-f|--expression|--file)/.test(a.text))
  const operands = args.filter((a) => !a.text.startsWith("-"))
  let verdict: Verdict = ALLOW
  for (const file of scripted ? operands : operands.slice(1)) {
    const abs = resolveArg(file, inv.state, walk.scene)
    if (abs) verdict = stricter(verdict, sensitiveWrite(abs, walk.scene, `${name} -i`, false))
  }
  return verdict
}

export const agentConfigRules: Record<string, Rule> = { egc, sed: inPlace, gsed: inPlace }
