import { defineCommand } from "citty"
import { loadConfig } from "../../core/config"
import { logToFile } from "../../core/log"
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
    const flags = args.tools ? { mcp: { tools: args.tools === "default" || args.tools === "full" ? args.tools : args.tools.split(",").map((t) => t.trim()) } } : undefined
    const config = await loadConfig({ projectRoot: cwd, flags })
    const [{ serveStdio }, { allTools }, mesh] = await Promise.all([import("../../mcp/stdio"), import("../../mcp/tools"), import("../../mcp/tools/mesh/session")])
    await serveStdio({ cwd, config, tools: allTools, onCall: mesh.onToolCall, onClose: mesh.onServerClose })
  },
})
