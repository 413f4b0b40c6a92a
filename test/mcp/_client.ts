import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import {
  ElicitRequestSchema,
  ListRootsRequestSchema,
  type ElicitRequest,
  type ElicitResult,
} from "@modelcontextprotocol/sdk/types.js"
import { pathToFileURL } from "node:url"
import { DEFAULTS, type Config } from "../../src/core/config"
import { createServer } from "../../src/mcp/server"
import type { ToolDef } from "../../src/mcp/tool"

/** How the test's "person" answers an elicitation; every request is recorded in `asked`. */
export type Elicit = (request: ElicitRequest["params"]) => ElicitResult | Promise<ElicitResult>

/**
 * A real SDK client linked to a server in this process; roots are offered when given, and the
 * elicitation capability (form) with a handler when `elicit` is given.
 */
export async function connect(opts: {
  cwd: string
  tools: readonly ToolDef[]
  roots?: string[]
  profile?: Config["mcp"]["tools"]
  sessionId?: string
  elicit?: Elicit
}) {
  const config: Config = { ...structuredClone(DEFAULTS), mcp: { tools: opts.profile ?? "full" } }
  const made = createServer({ cwd: opts.cwd, config, tools: opts.tools, sessionId: opts.sessionId })
  const capabilities = {
    ...(opts.roots ? { roots: { listChanged: true } } : {}),
    ...(opts.elicit ? { elicitation: { form: {} } } : {}),
  }
  const client = new Client({ name: "egc-test", version: "1" }, { capabilities })
  const asked: Array<ElicitRequest["params"]> = []
  const elicit = opts.elicit
  if (elicit) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params)
      return elicit(request.params)
    })
  }
  const roots = { current: opts.roots ?? [] }
  if (opts.roots)
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: roots.current.map((r) => ({ uri: pathToFileURL(r).href, name: r })),
    }))
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await made.server.connect(serverSide)
  await client.connect(clientSide)
  return {
    client,
    session: made.session,
    asked,
    /** Change the offered roots and tell the server, as a client does when folders change. */
    setRoots: async (next: string[]) => {
      roots.current = next
      await client.sendRootsListChanged()
    },
    close: async () => {
      await client.close()
      await made.close()
    },
  }
}

export const textOf = (result: unknown): string => {
  const content = (result as { content?: unknown }).content as Array<{ type: string; text?: string }> | undefined
  return content?.map((c) => c.text ?? "").join("") ?? ""
}
