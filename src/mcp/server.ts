import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  RootsListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js"
import type { Config } from "../core/config"
import { errorMessage } from "../core/errors"
import { newId } from "../core/ids"
import { createLogger, type Logger } from "../core/log"
import { VERSION } from "../version"
import { askerFor } from "./ask"
import { bindFolders, rootFolders, type Binding } from "./binding"
import { callTool } from "./call"
import { compileTool, type CompiledTool } from "./compile"
import instructions from "./instructions.md" with { type: "text" }
import { selectTools } from "./profile"
import type { ToolContext, ToolDef } from "./tool"
import { safeText } from "../core/safe-text"

export interface ServerDeps {
  /** Working directory: the binding when the client offers no roots. */
  cwd: string
  config: Config
  /** Every registered tool; the profile in config.mcp.tools picks the listed ones. */
  tools: readonly ToolDef[]
  /** This server process's session id (default: a fresh one). */
  sessionId?: string
  log?: Logger
  onCall?: (ctx: ToolContext) => void
  onClose?: (session: ToolContext["session"]) => void
}

const ROOTS_TIMEOUT_MS = 3000

export function createServer(deps: ServerDeps): {
  server: Server
  close: () => Promise<void>
  session: ToolContext["session"]
} {
  const log = deps.log ?? createLogger("mcp")
  const selection = selectTools(deps.tools, deps.config.mcp.tools)
  if (selection.unknown.length)
    log.warn("mcp.tools names tools that do not exist", { names: selection.unknown.join(",") })
  const compiled = new Map<string, CompiledTool>(selection.tools.map((t) => [t.name, compileTool(t)]))
  const session: ToolContext["session"] = { id: deps.sessionId ?? newId("s_") }
  const server = new Server(
    { name: "egc", version: VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions: instructions.trim() },
  )

  let binding: Promise<Binding> | undefined
  const bind = (): Promise<Binding> => (binding ??= resolveBinding(server, deps.cwd, log))
  server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
    binding = undefined
  })
  server.oninitialized = () => {
    const client = server.getClientVersion()
    if (client?.name) session.client = client.name
  }

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...compiled.values()].map((t) => t.listing),
  }))
  const inflight = new AbortController()
  const ask = askerFor(server, (e) =>
    log.info("asking the person failed; nothing was changed", { error: errorMessage(e) }),
  )
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = compiled.get(request.params.name)
    if (!tool)
      throw new McpError(
        ErrorCode.InvalidParams,
        `unknown tool ${safeText(JSON.stringify(request.params.name).slice(0, 80))}; call tools/list for the tools this server offers`,
      )
    const signal = AbortSignal.any([extra.signal, inflight.signal])
    return callTool(
      tool,
      request.params.arguments,
      { binding: bind, session, config: deps.config, log, ask, onCall: deps.onCall },
      signal,
    )
  })

  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    inflight.abort()
    try {
      deps.onClose?.(session)
    } catch (e) {
      log.warn("onClose failed", { error: errorMessage(e) })
    }
    await server.close()
  }
  return { server, close, session }
}

async function resolveBinding(server: Server, cwd: string, log: Logger): Promise<Binding> {
  if (server.getClientCapabilities()?.roots) {
    try {
      const { roots } = await server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS })
      const bound = bindFolders(rootFolders(roots.map((r) => r.uri)))
      if (bound.projects.length) return bound
    } catch (e) {
      log.info("client offered roots but listing them failed; binding to the working directory", {
        error: errorMessage(e),
      })
    }
  }
  return bindFolders([cwd])
}
