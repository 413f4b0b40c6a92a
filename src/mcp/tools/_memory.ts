import { isCurrent } from "../../core/db"
import { paths } from "../../core/paths"
import type { Memory } from "../../memory"
import type { ToolContext } from "../tool"

/** The process's memory handle, shared by the memory tools and the health probe. */
let opened: { db: string; memory: Memory } | undefined

/** The memory faculty loads on the first memory call, not at server start (tools/list stays fast). */
export async function memoryFor(ctx: ToolContext): Promise<Memory> {
  const db = paths.db()
  // a handle whose connection was closed (closeAllDbs) is opened again, never used closed
  if (opened?.db === db && isCurrent(opened.memory.store.db, db)) return opened.memory
  const { openMemory } = await import("../../memory")
  const m = ctx.config.memory
  const memory = openMemory({
    consent: m.consent,
    recallTokenCap: m.recallTokenCap,
    workingTtlHours: m.workingTtlHours,
  })
  // once per server process: lesson decay and working-memory expiry (both idempotent)
  memory.maintain()
  opened = { db, memory }
  return memory
}
