import { defineCommand } from "citty"
import { loadConfig } from "../../core/config"
import { env } from "../../core/env"
import { EgcError } from "../../core/errors"
import { resolveProject } from "../../core/project"
import { cwdArgs } from "../_args"
import { printData, ui } from "../ui"

const UNTIL_CLOSED = "serving until this terminal or stdin closes (Ctrl-C stops it)"

function portOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (/^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535) return Number(value)
  throw new EgcError("E_USAGE", `--port must be a port number from 1 to 65535, not '${value}'`)
}

/** Opens the URL when a person can see a browser here; never required, never fatal. */
function openBrowser(url: string): void {
  const graphical =
    process.platform === "darwin" ||
    process.platform === "win32" ||
    Boolean(env.raw("DISPLAY") || env.raw("WAYLAND_DISPLAY"))
  if (!graphical || env.ci() || !process.stdout.isTTY) return
  const cmd =
    process.platform === "darwin"
      ? ["open", url]
      : process.platform === "win32"
        ? ["cmd", "/c", "start", "", url]
        : ["xdg-open", url]
  try {
    Bun.spawn(cmd, { stdin: "ignore", stdout: "ignore", stderr: "ignore" }).unref()
  } catch {
    // no opener: the printed URL is enough
  }
}

/** `egc ui`: the person's page over memory, guard, savings and the mesh, on 127.0.0.1 with a token. */
export default defineCommand({
  meta: {
    name: "ui",
    description: "open a local web page to review memory, conflicts, guard denies, savings and live sessions",
  },
  args: {
    ...cwdArgs,
    port: { type: "string", description: "port on 127.0.0.1 (default: a random free port)" },
    open: {
      type: "boolean",
      default: true,
      description: "open the page in a browser when one is available (--no-open: only print the URL)",
    },
    detach: {
      type: "boolean",
      description: "keep serving after the terminal or stdin closes (stop it with Ctrl-C or kill)",
    },
  },
  async run({ args }) {
    const port = portOf(args.port)
    const project = resolveProject(args.cwd ?? process.cwd())
    const m = (await loadConfig({ projectRoot: project.root })).memory
    const [{ openMemory }, { startUi }] = await Promise.all([import("../../memory"), import("../../ui")])
    const memory = openMemory({
      consent: m.consent,
      recallTokenCap: m.recallTokenCap,
      workingTtlHours: m.workingTtlHours,
    })
    let server: Awaited<ReturnType<typeof startUi>>
    try {
      server = await startUi({ memory, project, port })
    } catch (e) {
      if (port !== undefined && /EADDRINUSE|in use/i.test(String(e)))
        throw new EgcError("E_IO", `port ${port} is in use`, { hint: "pick another --port or leave it out" })
      throw e
    }
    printData(server.url)
    const log = await ui()
    log.info(
      `egc ui for ${project.display}: ${args.detach ? `serving until stopped (pid ${process.pid})` : UNTIL_CLOSED}`,
    )
    if (args.open) openBrowser(server.url)
    const stop = () => {
      server.stop()
      process.exit(0)
    }
    process.on("SIGINT", stop)
    process.on("SIGTERM", stop)
    if (args.detach) {
      process.on("SIGHUP", () => undefined)
      return new Promise<void>(() => undefined)
    }
    process.on("SIGHUP", stop)
    process.stdin.on("end", stop)
    process.stdin.on("close", stop)
    process.stdin.resume()
    return new Promise<void>(() => undefined)
  },
})
