import { existsSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { userHome } from "../core/paths"
import type { Scene } from "./invocation"
import type { GuardContext } from "./types"

const DEFAULT_PROTECTED_BRANCHES = ["main", "master", "production", "release"]
const roots = new Map<string, string | undefined>()

/** The nearest directory holding `.git` (a directory or a worktree pointer file), looked up once per cwd. */
export function findProjectRoot(cwd: string): string | undefined {
  if (roots.has(cwd)) return roots.get(cwd)
  let dir = resolve(cwd)
  let found: string | undefined
  for (;;) {
    if (existsSync(`${dir}/.git`)) {
      found = dir
      break
    }
    const up = dirname(dir)
    if (up === dir) break
    dir = up
  }
  roots.set(cwd, found)
  return found
}

/**
 * Outside any repository, a folder below the home directory (or a temp folder) is the workspace,
 * so deleting a build folder inside it is judged like one inside a project. Home itself and
 * system folders never are.
 */
function workspaceOf(cwd: string, home: string): string | undefined {
  if (cwd.startsWith(`${home}/`) || /^\/(tmp|var\/tmp|private\/tmp)\/./.test(cwd)) return cwd
  return undefined
}

export function sceneFor(ctx: GuardContext): Scene {
  const cwd = resolve(ctx.cwd)
  const home = resolve(ctx.home ?? userHome())
  const root = ctx.projectRoot ?? findProjectRoot(cwd) ?? workspaceOf(cwd, home)
  return {
    cwd,
    home,
    ...(root ? { projectRoot: resolve(root) } : {}),
    protectedBranches: ctx.policy?.protectedBranches ?? DEFAULT_PROTECTED_BRANCHES,
    protectedPaths: ctx.policy?.protectedPaths ?? [],
  }
}
