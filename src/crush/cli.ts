import { DEFAULTS, loadConfig, type Config } from "../core/config"
import { createLogger } from "../core/log"
import { crushCommand } from "./run"

const log = createLogger("crush")

/**
 * The `egc crush --` edge: a broken config or project lookup degrades to defaults, never to a
 * lost command. Returns the exit code to use (the command's, or 128+signal).
 */
export async function runFromCli(argv: string[], cwd: string): Promise<number> {
  let config: Config["crush"] = DEFAULTS.crush
  try {
    config = (await loadConfig({ projectRoot: cwd })).crush
  } catch (e) {
    log.warn("config not readable, using defaults", { error: String(e) })
  }
  const project = async () => {
    try {
      const { resolveProject } = await import("../core/project")
      return resolveProject(cwd).id
    } catch {
      return "unknown"
    }
  }
  const outcome = await crushCommand(argv, { cwd, config, project })
  return outcome.exitCode
}
