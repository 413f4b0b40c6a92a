import { resolve } from "node:path"
import { describeProblem, loadConfigSafe } from "../core/config"
import { EgcError } from "../core/errors"
import { findProjectRoot } from "./scene"
import type { GuardContext } from "./types"

const told = new Set<string>()

/**
 * The guard context for a command: cwd, project root, policy from config. An untrusted loosening is
 * set aside and reported on stderr. An invalid config file: with `strict` (a person at the command
 * line: `egc guard check/--/explain`) it is a configuration error, exit 78, naming the file, so a
 * typo is fixed rather than judged around; otherwise (the page) the safe config decides and says so.
 * Hooks never come here: they judge on the safe config and tell the person in the tool's message.
 */
export async function contextFor(cwd: string, opts: { strict?: boolean } = {}): Promise<GuardContext> {
  const dir = resolve(cwd)
  const projectRoot = findProjectRoot(dir)
  const { config, problems } = await loadConfigSafe(projectRoot ? { projectRoot } : {})
  const invalid = opts.strict ? problems.find((p) => p.kind === "invalid") : undefined
  if (invalid) {
    throw new EgcError("E_CONFIG", `${invalid.message}; nothing was judged`, {
      details: invalid.details,
      hint: invalid.hint ?? "fix the file named above (or remove it); hooks meanwhile judge on the built-in defaults",
    })
  }
  for (const p of problems) {
    const line = describeProblem(p)
    if (told.has(line)) continue
    told.add(line)
    process.stderr.write(`${line}\n`)
  }
  return { cwd: dir, ...(projectRoot ? { projectRoot } : {}), policy: config.guard }
}
