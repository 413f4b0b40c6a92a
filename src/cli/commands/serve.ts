import { defineCommand } from "citty"
import { DEFAULTS, loadConfig, type Config } from "../../core/config"
import { errorMessage, EgcError } from "../../core/errors"
import { createLogger, logToFile } from "../../core/log"
import { cwdArgs } from "../_args"

/** `egc serve`: the MCP server on stdio, one process per agent session. */
export default defineCommand({
  meta: { name: "serve", description: "run the MCP server on stdio (coding tools start this)" },
  args: {
    ...cwdArgs,
    tools: { type: "string", description: "tool profile: default, full, or a comma-separated list of tool names" },
  },
  async run({ args }) {
    logToFile()
    const cwd = args.cwd ?? process.cwd()
    const tools: Config["mcp"]["tools"] | undefined = args.tools === undefined ? undefined : args.tools === "default" || args.tools === "full" ? args.tools : args.tools.split(",").map((t) => t.trim())
    const flags = tools ? { mcp: { tools } } : undefined
    const [{ serveStdio }, { allTools }, mesh, health] = await Promise.all([import("../../mcp/stdio"), import("../../mcp/tools"), import("../../mcp/tools/mesh/session"), import("../../mcp/health")])
    let config: Config
    try {
      config = await loadConfig({ projectRoot: cwd, flags })
    } catch (e) {
      // A broken config file must not disconnect the agent: serve with defaults and say why in server_health.
      const detail = e instanceof EgcError ? [e.message, ...e.details, e.hint].filter(Boolean).join("; ") : errorMessage(e)
      createLogger("serve").error("invalid configuration; serving with defaults", { error: detail })
      health.registerHealthProbe("config", () => ({ status: "fail", detail: `${detail} (serving with defaults)` }))
      config = { ...structuredClone(DEFAULTS), ...(flags ? { mcp: flags.mcp } : {}) }
    }
    await serveStdio({ cwd, config, tools: allTools, onCall: mesh.onToolCall, onClose: mesh.onServerClose })
  },
})
