import { defineCommand } from "citty"
import { DEFAULTS, loadConfig, type Config } from "../../core/config"
import { errorMessage, EgcError } from "../../core/errors"
import { createLogger, logToFile } from "../../core/log"
import { cwdArgs } from "../_args"

export const SERVE_BANNER =
  "egc serve: the egc MCP server, speaking JSON-RPC on stdin/stdout for a coding tool (which starts it itself); " +
  "register it with `egc install`, stop this one with Ctrl-C"

/** `egc serve`: the MCP server on stdio, one process per agent session. */
export default defineCommand({
  meta: { name: "serve", description: "run the MCP server on stdio (coding tools start this)" },
  args: {
    ...cwdArgs,
    tools: { type: "string", description: "tool profile: default, full, or a comma-separated list of tool names" },
  },
  async run({ args }) {
    logToFile()
    // a person who typed `egc serve` sees a silent process waiting for JSON-RPC; say what it is (stderr: stdout is the protocol)
    if (process.stdin.isTTY) process.stderr.write(`${SERVE_BANNER}\n`)
    const cwd = args.cwd ?? process.cwd()
    const [{ serveStdio }, { allTools }, mesh, health, profile, checks] = await Promise.all([
      import("../../mcp/stdio"),
      import("../../mcp/tools"),
      import("../../mcp/tools/mesh/session"),
      import("../../mcp/health"),
      import("../../mcp/profile"),
      import("../../mcp/doctor"),
    ])
    const tools = args.tools === undefined ? undefined : profile.parseToolsSetting(args.tools)
    const flagProblem = tools === undefined ? undefined : profile.profileProblem(allTools, tools)
    if (flagProblem) {
      const hint = profile.validProfiles(allTools)
      throw new EgcError("E_USAGE", `--tools ${JSON.stringify(args.tools)}: ${flagProblem}`, { hint })
    }
    // A profile that serves nothing is refused before the agent connects, not discovered by its absence.
    const envProblem = tools === undefined ? checks.envProfileError(allTools) : undefined
    if (envProblem) throw envProblem
    const flags = tools ? { mcp: { tools } } : undefined
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
    const configProblem = checks.configProfileError(allTools, config)
    if (configProblem) throw configProblem
    await serveStdio({ cwd, config, tools: allTools, onCall: mesh.onToolCall, onClose: mesh.onServerClose })
  },
})
