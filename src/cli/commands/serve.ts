import { defineCommand } from "citty"
import { describeProblem, loadConfigSafe, type Config } from "../../core/config"
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
    // A broken config file must not disconnect the agent: its layer is set aside and server_health says why.
    const { config, problems } = await loadConfigSafe({ projectRoot: cwd, ...(flags ? { flags } : {}) })
    if (problems.length) {
      const detail = problems.map(describeProblem).join("; ")
      const status = problems.some((p) => p.kind === "invalid") ? "fail" : "warn"
      createLogger("serve").error("configuration problems; serving with the safe configuration", { error: detail })
      health.registerHealthProbe("config", () => ({ status, detail }))
    }
    await serveStdio({ cwd, config, tools: allTools, onCall: mesh.onToolCall, onClose: mesh.onServerClose })
  },
})
