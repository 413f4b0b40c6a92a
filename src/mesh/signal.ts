import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { sha256Hex } from "../core/crypto"
import { ensurePrivateDir, paths } from "../core/paths"

/**
 * Wake-ups across processes: after a commit, a writer rewrites a small file named after the
 * addressee (one session, or every session of a project) in $EGC_HOME/mesh; waiters watch that
 * folder (a folder watch survives file replacement) and re-read only for their own names.
 * File names are hashes, so a crafted session id cannot name a path.
 */
export const sessionSignal = (sessionId: string): string => `s-${sha256Hex(`mesh-session|${sessionId}`).slice(0, 24)}`
export const projectSignal = (project: string): string => `p-${sha256Hex(`mesh-project|${project}`).slice(0, 24)}`

let pending = new Set<string>()

export function queueSignal(name: string): void {
  pending.add(name)
}

export function dropSignals(): void {
  pending = new Set()
}

export function flushSignals(): void {
  if (pending.size === 0) return
  const names = pending
  pending = new Set()
  try {
    const dir = signalDir()
    for (const name of names) writeFileSync(join(dir, name), String(Date.now()), { mode: 0o600 })
  } catch {
    // a lost wake-up only delays a waiter until its fallback poll
  }
}

export const signalDir = (): string => ensurePrivateDir(paths.mesh())
