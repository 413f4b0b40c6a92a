import { loadConfigSafe } from "../core/config"
import type { EgcError } from "../core/errors"
import { canonical, findRepo } from "../core/git"
import type { Logger } from "../core/log"
import type { Project } from "../core/project"
import { selfArgv } from "../core/self"
import { lazyGuard } from "./faculties"
import { preTool } from "./handlers/pre-tool"
import type { HookAnswer, HookEvent, HookInput } from "./types"

/**
 * A missing or wrong master key: nothing may be written (it would be sealed under a key the
 * database does not open), yet the host must keep working. The pre-tool hook still guards, with no
 * record, no claims and no rewrite; the session is told why its memory is silent.
 */

export async function keylessAnswer(
  event: HookEvent,
  input: HookInput | undefined,
  error: EgcError,
  log: Logger,
): Promise<HookAnswer> {
  log.error("master key problem: egc writes nothing until it is fixed", {
    event,
    code: error.code,
    error: error.message,
    hint: error.hint ?? "",
  })
  if (!input) return {}
  if (event === "session-start")
    return {
      context: `egc: memory is unavailable and nothing is being recorded: ${error.message}. Fix: ${error.hint ?? "run egc doctor"}`,
    }
  if (event !== "pre-tool") return {}
  let root = input.cwd
  try {
    root = findRepo(input.cwd)?.root ?? canonical(input.cwd)
  } catch {
    // judge against the folder itself
  }
  // the same safe loader as every hook: an invalid layer is set aside, an untrusted loosening ignored
  const { config } = await loadConfigSafe({ projectRoot: root })
  const project: Project = {
    id: "",
    basis: "dir",
    display: root,
    root,
    repo: undefined,
    scope: undefined,
    branch: undefined,
    commit: undefined,
    defaultBranch: undefined,
  }
  const { judgeCommand, judgeWrite } = lazyGuard()
  const keylessConfig = { ...config, crush: { ...config.crush, rewrite: false } }
  return preTool(input, {
    project,
    config: keylessConfig,
    deps: { guard: { judgeCommand, ...(judgeWrite ? { judgeWrite } : {}) } },
    log,
    bin: selfArgv(),
  })
}
