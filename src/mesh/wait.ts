import { watch, type FSWatcher } from "node:fs"
import type { Project } from "../core/project"
import { readEvents, type MeshEvent } from "./events"
import { projectSignal, sessionSignal, signalDir } from "./signal"

/**
 * Block until an event for this session arrives or the timeout passes. A folder watch on the
 * signal files wakes the waiter within milliseconds of the sender's commit, without polling the
 * database and without waking on unrelated writes (its own heartbeats included); a slow poll
 * covers a watcher that cannot start or goes deaf.
 */
const FALLBACK_POLL_MS = 2000
const MAX_WAIT_MS = 50_000

export async function waitForEvents(
  project: Project,
  sessionId: string,
  timeoutMs: number,
  opts: { signal?: AbortSignal } = {},
): Promise<MeshEvent[]> {
  const deadline = Date.now() + Math.min(Math.max(timeoutMs, 0), MAX_WAIT_MS)
  const mine = new Set([sessionSignal(sessionId), projectSignal(project.id)])
  let wake: (() => void) | undefined
  let dirty = false
  let watcher: FSWatcher | undefined
  try {
    watcher = watch(signalDir(), { persistent: false }, (_event, name) => {
      if (name === null || mine.has(String(name))) {
        dirty = true
        wake?.()
      }
    })
    watcher.on("error", () => undefined)
  } catch {
    watcher = undefined
  }
  try {
    for (;;) {
      dirty = false
      const events = readEvents(project, sessionId)
      if (events.length) return events
      const left = deadline - Date.now()
      if (left <= 0 || opts.signal?.aborted) return []
      if (dirty) continue
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(left, FALLBACK_POLL_MS))
        function done() {
          clearTimeout(timer)
          opts.signal?.removeEventListener("abort", done)
          wake = undefined
          resolve()
        }
        wake = done
        opts.signal?.addEventListener("abort", done, { once: true })
      })
    }
  } finally {
    watcher?.close()
  }
}
