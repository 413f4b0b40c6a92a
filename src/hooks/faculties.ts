import type { HookDeps } from "./ports"
import type { HookEvent } from "./types"

/**
 * Binds the handler ports to the real faculties, importing only what the event uses (pre-tool
 * must not pay for memory's search index). Faculties are wired here as they land on main.
 */
export async function loadDeps(_event: HookEvent): Promise<HookDeps> {
  return {}
}
