import { errorMessage } from "../core/errors"
import { createLogger } from "../core/log"
import { LineTransport } from "./line-transport"
import { createServer, type ServerDeps } from "./server"

/**
 * Serve over stdin/stdout until the client goes away. stdout carries only protocol: the logger
 * writes to $EGC_HOME/logs. Resolves when the connection has closed and the session has ended.
 */
export async function serveStdio(deps: ServerDeps): Promise<void> {
  const log = deps.log ?? createLogger("serve")
  const { server, close } = createServer({ ...deps, log })
  // not the SDK's transport: it ends the connection on a line over 10 MB instead of refusing that line
  const transport = new LineTransport()
  const done = new Promise<void>((resolve) => {
    server.onclose = () => resolve()
    process.stdin.once("end", () => resolve())
    process.stdin.once("close", () => resolve())
    // the client may stop us with a signal instead of closing stdin: end the session cleanly
    for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.once(signal, () => resolve())
  })
  // the error text can quote the offending input, which may be memory content: log its kind only
  server.onerror = (e) => log.warn("protocol error", { kind: e.name, length: errorMessage(e).length })
  await server.connect(transport)
  log.info("serving", { pid: process.pid })
  await done
  await close()
}
