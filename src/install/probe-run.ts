import { env } from "../core/env"
import { VERSION } from "../version"

/** Small process probes for doctor: run a command with a deadline, talk MCP to `egc serve`. */
export async function runWithDeadline(
  argv: string[],
  opts: { cwd: string; stdin?: string; ms?: number; env?: Record<string, string> },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = Bun.spawn(argv, {
    cwd: opts.cwd,
    env: { ...env.all(), ...opts.env },
    stdin: opts.stdin === undefined ? "ignore" : new TextEncoder().encode(opts.stdin),
    stdout: "pipe",
    stderr: "pipe",
  })
  const timer = setTimeout(() => proc.kill(), opts.ms ?? 10_000)
  const [code, stdout, stderr] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ])
  clearTimeout(timer)
  return { code: proc.signalCode ? null : code, stdout, stderr }
}

/** Start `<bin> serve`, initialize, ask tools/list; resolves to the tool names. */
export async function listServeTools(bin: string, cwd: string, ms = 10_000): Promise<string[]> {
  const proc = Bun.spawn([bin, "serve"], { cwd, env: env.all(), stdin: "pipe", stdout: "pipe", stderr: "pipe" })
  const send = (msg: unknown) => {
    proc.stdin.write(`${JSON.stringify(msg)}\n`)
    proc.stdin.flush()
  }
  const timer = setTimeout(() => proc.kill(), ms)
  try {
    const reader = proc.stdout.getReader()
    const decoder = new TextDecoder()
    let buffer = ""
    const next = async (id: number): Promise<Record<string, unknown>> => {
      for (;;) {
        const nl = buffer.indexOf("\n")
        if (nl !== -1) {
          const line = buffer.slice(0, nl).trim()
          buffer = buffer.slice(nl + 1)
          if (!line) continue
          const msg = JSON.parse(line) as Record<string, unknown>
          if (msg.id === id) return msg
          continue
        }
        const { value, done } = await reader.read()
        if (done)
          throw new Error(
            `egc serve exited before answering (${(await new Response(proc.stderr).text()).trim().split("\n")[0] ?? "no message"})`,
          )
        buffer += decoder.decode(value, { stream: true })
      }
    }
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "egc-doctor", version: VERSION } },
    })
    const init = await next(1)
    if (init.error) throw new Error(`initialize failed: ${JSON.stringify(init.error)}`)
    send({ jsonrpc: "2.0", method: "notifications/initialized" })
    send({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} })
    const list = await next(2)
    if (list.error) throw new Error(`tools/list failed: ${JSON.stringify(list.error)}`)
    const tools = (list.result as { tools?: Array<{ name: string }> } | undefined)?.tools ?? []
    return tools.map((t) => t.name)
  } finally {
    clearTimeout(timer)
    proc.kill()
  }
}
