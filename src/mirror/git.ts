import { env } from "../core/env"
import { EgcError } from "../core/errors"

/**
 * Git through the `git` program, for the few steps only git can answer: what it tracks, what it
 * ignores, and what it would stage through the clean filter. A caller's GIT_DIR, GIT_INDEX_FILE or
 * GIT_WORK_TREE (egc run from inside a git hook) would point these at another index: they are dropped.
 */
export interface GitOut {
  code: number
  stdout: Buffer
  stderr: string
}

function childEnv(extra: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(env.all())) if (!k.startsWith("GIT_")) out[k] = v
  return { ...out, GIT_TERMINAL_PROMPT: "0", ...extra }
}

export function git(
  args: string[],
  cwd: string,
  opts: { stdin?: string | Buffer; env?: Record<string, string> } = {},
): GitOut {
  let proc: Bun.SyncSubprocess<"pipe", "pipe">
  try {
    proc = Bun.spawnSync(["git", ...args], {
      cwd,
      env: childEnv(opts.env ?? {}),
      stdin: opts.stdin === undefined ? "ignore" : Buffer.from(opts.stdin),
      stdout: "pipe",
      stderr: "pipe",
    })
  } catch (cause) {
    throw new EgcError("E_NOT_FOUND", "git is not installed or not on PATH", {
      cause,
      hint: "install git: the mirror's guards are git's own filters",
    })
  }
  return { code: proc.exitCode ?? 1, stdout: proc.stdout, stderr: proc.stderr.toString() }
}

export const lastLine = (r: GitOut) => r.stderr.trim().split("\n").at(-1) || `exit ${r.code}`

export function gitOk(args: string[], cwd: string, what: string, opts: { stdin?: string | Buffer } = {}): string {
  const r = git(args, cwd, opts)
  if (r.code !== 0) throw new EgcError("E_IO", `${what} failed: ${lastLine(r)}`)
  return r.stdout.toString()
}

/** NUL-separated output of `git … -z` as paths. */
export const zList = (out: Buffer | string): string[] => out.toString().split("\0").filter(Boolean)
