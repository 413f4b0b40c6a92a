import { EgcError } from "../../core/errors"

/**
 * Git through the `git` program: sync runs rarely and by hand (or spawned after a session), so a
 * process per step costs nothing that matters. Commits carry no personal identity of the person.
 */
interface GitOut {
  code: number
  stdout: string
  stderr: string
}

const IDENTITY = ["-c", "user.name=egc sync", "-c", "user.email=sync@egc.invalid", "-c", "commit.gpgsign=false"]

export function git(args: string[], cwd: string): GitOut {
  let proc: Bun.SyncSubprocess<"pipe", "pipe">
  try {
    proc = Bun.spawnSync(["git", ...IDENTITY, ...args], { cwd, stdin: "ignore", stdout: "pipe", stderr: "pipe" })
  } catch (cause) {
    throw new EgcError("E_NOT_FOUND", "git is not installed or not on PATH", {
      cause,
      hint: "install git; team sync runs through it",
    })
  }
  return { code: proc.exitCode ?? 1, stdout: proc.stdout.toString(), stderr: proc.stderr.toString() }
}

export function gitOk(args: string[], cwd: string, what: string): string {
  const r = git(args, cwd)
  if (r.code !== 0) throw new EgcError("E_IO", `${what} failed: ${r.stderr.trim().split("\n").at(-1) ?? r.code}`)
  return r.stdout
}
