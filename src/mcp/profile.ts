import type { Config } from "../core/config"
import type { ToolDef } from "./tool"

/**
 * Which tools a server lists. The tool list is paid for on every turn of every agent, so the
 * default profile stays small (at most DEFAULT_PROFILE_MAX tools, under the token budget);
 * `full` lists everything; an explicit list names tools one by one.
 */
export const DEFAULT_PROFILE_MAX = 16
export const TOOL_LIST_TOKEN_BUDGET = 4000

export interface Selection {
  tools: ToolDef[]
  /** Names in an explicit list that no registered tool has. */
  unknown: string[]
}

export function selectTools(all: readonly ToolDef[], setting: Config["mcp"]["tools"]): Selection {
  if (setting === "full") return { tools: [...all], unknown: [] }
  if (setting === "default") return { tools: all.filter((t) => t.profile === "default"), unknown: [] }
  const wanted = new Set(setting)
  return {
    tools: all.filter((t) => wanted.has(t.name)),
    unknown: setting.filter((n) => !all.some((t) => t.name === n)),
  }
}

/** The budget estimate used by the test and the benchmark: characters / 4. */
export const estimateTokens = (json: unknown): number => Math.ceil(JSON.stringify(json).length / 4)

/** `--tools` / `EGC_MCP_TOOLS` text: a profile name or a comma-separated list of tool names. */
export function parseToolsSetting(text: string): Config["mcp"]["tools"] {
  const t = text.trim()
  return t === "default" || t === "full"
    ? t
    : t
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
}

/** What is wrong with a setting (an unknown profile reads as an unknown tool name), or undefined. */
export function profileProblem(all: readonly ToolDef[], setting: Config["mcp"]["tools"]): string | undefined {
  if (setting === "default" || setting === "full") return undefined
  if (setting.length === 0) return "names no tools"
  const { unknown } = selectTools(all, setting)
  return unknown.length ? `unknown tool profile or tool name: ${unknown.join(", ")}` : undefined
}

export const validProfiles = (all: readonly ToolDef[]): string =>
  `use default, full, or a comma-separated list of: ${all.map((t) => t.name).join(", ")}`
