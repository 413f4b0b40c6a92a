import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { sourceArgs } from "../cli/_egc"
import { spawnCaptured } from "../e2e/_binary"
import { tmpdir, type TmpDir } from "../fixture"

/** Real git in temp folders for the mirror tests; the run's temp HOME keeps the person's git config out. */
export function git(args: string[], cwd: string, env: Record<string, string> = {}): string {
  const r = Bun.spawnSync(["git", ...args], { cwd, env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" })
  if (r.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr.toString()}`)
  return r.stdout.toString()
}

/** A repository with `tracked` committed and `untracked` only written. */
export function repo(tracked: Record<string, string>, untracked: Record<string, string> = {}): TmpDir {
  const t = tmpdir()
  git(["init", "-q", "-b", "main"], t.path)
  git(["config", "user.name", "Test"], t.path)
  git(["config", "user.email", "test@example.invalid"], t.path)
  git(["config", "commit.gpgsign", "false"], t.path)
  for (const [f, text] of Object.entries(tracked)) write(t.path, f, text)
  git(["add", "-A"], t.path)
  git(["commit", "-q", "--allow-empty", "-m", "start"], t.path)
  for (const [f, text] of Object.entries(untracked)) write(t.path, f, text)
  return t
}

export function write(root: string, file: string, text: string): void {
  const path = join(root, file)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
}

export const read = (root: string, file: string) => readFileSync(join(root, file), "latin1")
export const readMaybe = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : undefined)

/** Items written by a person through the real write layer (source cli: stored active). */
export function remember(dir: string, items: Array<{ kind: string; body: string; title?: string }>): string[] {
  const project = resolveProject(dir)
  const memory = openMemory()
  return items.map((i) => {
    const r = memory.write({ ...i, scope: "project" }, { project, actor: { source: "cli" } })
    if (r.outcome === "refused") throw new Error(`refused: ${r.reason}`)
    return r.outcome
  })
}

/** `egc …` from source in `cwd` (so git's clean filter, set by it, is this source's `mirror clean`). */
export function egc(args: string[], cwd: string, stdin?: string) {
  const { command, args: all } = sourceArgs(args)
  return spawnCaptured([command, ...all], { cwd, ...(stdin === undefined ? {} : { stdin }) })
}
