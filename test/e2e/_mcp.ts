import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { egcBinary } from "./_binary"

/** A real MCP client talking to the compiled `egc serve` over stdio, as coding tools run it. */
export async function stdioClient(cwd: string, opts: { args?: string[]; env?: Record<string, string> } = {}) {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries({ ...process.env, ...opts.env })) if (v !== undefined) env[k] = v
  const transport = new StdioClientTransport({
    command: await egcBinary(),
    args: ["serve", ...(opts.args ?? ["--tools", "full"])],
    cwd,
    env,
    stderr: "pipe",
  })
  const client = new Client({ name: "egc-e2e", version: "1" })
  await client.connect(transport)
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const r = await client.callTool({ name, arguments: args })
    if (r.isError) throw new Error((r.content as Array<{ text: string }>)[0]?.text)
    return r.structuredContent as Record<string, any>
  }
  return { client, transport, call, pid: transport.pid, close: () => client.close() }
}
