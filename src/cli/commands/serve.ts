import { defineCommand } from "citty"
import { describeProblem, loadConfigSafe } from "../../core/config"
import { EgcError } from "../../core/errors"
import { createLogger, logToFile } from "../../core/log"
import { cwdArgs } from "../_args"

const SERVE_BANNER =
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
    const mcp = await (await import("../../mcp")).surface()
    const { serveStdio, allTools } = mcp
    const tools = args.tools === undefined ? undefined : mcp.parseToolsSetting(args.tools)
    const flagProblem = tools === undefined ? undefined : mcp.profileProblem(allTools, tools)
    if (flagProblem) {
      const hint = mcp.validProfiles(allTools)
      throw new EgcError("E_USAGE", `--tools ${JSON.stringify(args.tools)}: ${flagProblem}`, { hint })
    }
    // A profile that serves nothing is refused before the agent connects, not discovered by its absence.
    const envProblem = tools === undefined ? mcp.envProfileError(allTools) : undefined
    if (envProblem) throw envProblem
    const flags = tools ? { mcp: { tools } } : undefined
    // A broken config file must not disconnect the agent: its layer is set aside and server_health says why.
    const { config, problems } = await loadConfigSafe({ projectRoot: cwd, ...(flags ? { flags } : {}) })
    if (problems.length) {
      const detail = problems.map(describeProblem).join("; ")
      const status = problems.some((p) => p.kind === "invalid") ? "fail" : "warn"
      createLogger("serve").error("configuration problems; serving with the safe configuration", { error: detail })
      mcp.registerHealthProbe("config", () => ({ status, detail }))
    }
    const configProblem = mcp.configProfileError(allTools, config)
    if (configProblem) throw configProblem
    await serveStdio({ cwd, config, tools: allTools, onCall: mcp.onToolCall, onClose: mcp.onServerClose })
  },
})
