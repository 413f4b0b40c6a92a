import { loadConfig, type Config } from "../core/config"
import type { Check, CheckProvider } from "../core/doctor"
import { env } from "../core/env"
import { EgcError } from "../core/errors"
import { parseToolsSetting, profileProblem, validProfiles } from "./profile"
import type { ToolDef } from "./tool"

/**
 * An unknown tool profile would serve no tools while everything looked fine, so a bad
 * EGC_MCP_TOOLS or config `mcp.tools` is a configuration error (exit 78), never a warning.
 */
export function envProfileError(all: readonly ToolDef[]): EgcError | undefined {
  const text = env.mcpTools()
  const problem = text === undefined ? undefined : profileProblem(all, parseToolsSetting(text))
  if (!problem) return undefined
  return new EgcError("E_CONFIG", `EGC_MCP_TOOLS=${JSON.stringify(text)}: ${problem}`, { hint: validProfiles(all) })
}

export function configProfileError(all: readonly ToolDef[], config: Config): EgcError | undefined {
  const problem = profileProblem(all, config.mcp.tools)
  return problem ? new EgcError("E_CONFIG", `config mcp.tools: ${problem}`, { hint: validProfiles(all) }) : undefined
}

/** `egc doctor` line for the server's tool profile (a config file that does not load is the config line's). */
export const mcpChecks: CheckProvider = async ({ cwd }): Promise<Check[]> => {
  const config = await loadConfig({ projectRoot: cwd }).catch(() => undefined)
  const text = env.mcpTools()
  const envNames = text !== undefined && text.trim() !== "default" && text.trim() !== "full"
  const named = envNames || Array.isArray(config?.mcp.tools)
  // the tool definitions (zod, every faculty's schemas) load only when a list of names needs checking
  const all = named ? (await import("./tools")).allTools : []
  const error = envProfileError(all) ?? (config ? configProfileError(all, config) : undefined)
  const fix = error?.hint ? { fix: error.hint } : {}
  if (error) return [{ name: "mcp tools", status: "fail", detail: error.message, ...fix }]
  if (!config && text === undefined) return []
  const shown = text ?? (typeof config?.mcp.tools === "string" ? config.mcp.tools : "list")
  return [{ name: "mcp tools", status: "ok", detail: `tool profile ${shown} valid` }]
}
