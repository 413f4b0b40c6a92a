import { z } from "zod"
import type { Actor, ItemView, Unreadable, WriteResult } from "../../../memory"
import { refusalCode } from "../../../core/errors"
import { ToolFailure, type ToolContext } from "../../tool"

/** What every memory tool shares: the process's memory handle, the agent actor, and output shapes. */
export { memoryFor } from "../_memory"

export const agent = (ctx: ToolContext): Actor => ({
  source: "agent",
  sessionId: ctx.session.id,
  ...(ctx.session.client ? { tool: ctx.session.client } : {}),
})

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString())

/** An ISO 8601 time as a plain string (a date-time pattern in the listing would cost ~100 tokens). */
export const isoTime = z.string().max(40)
export function parseTime(text: string): number {
  const t = Date.parse(text)
  if (!Number.isFinite(t))
    throw new ToolFailure(
      `as_of must be an ISO time such as 2026-01-31T12:00:00Z, not ${JSON.stringify(text.slice(0, 40))}`,
    )
  return t
}

export const projectField = z.string().describe("the project these results belong to")
export const scopeArg = z
  .enum(["branch", "project", "global"])
  .optional()
  .describe("branch (default), project, or global (all your projects)")

export const itemShape = z.object({
  id: z.string(),
  project: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  status: z.string(),
  confidence: z.number(),
  recorded: z.string(),
  expires: z.string().optional(),
  flagged: z.boolean().optional(),
})
type ItemOut = z.infer<typeof itemShape>

/** Bodies are data; `flagged` marks text that reads as an instruction (the tool descriptions say so). */
export function toItem(v: ItemView): ItemOut {
  return {
    id: v.id,
    project: v.project.display,
    kind: v.kind,
    title: v.title,
    body: v.body,
    status: v.status,
    confidence: Math.round(v.confidence * 100) / 100,
    recorded: iso(v.recordedAt) ?? "",
    ...(v.expiresAt !== undefined ? { expires: iso(v.expiresAt) } : {}),
    ...(v.flagged ? { flagged: true } : {}),
  }
}

export const unreadableField = z
  .array(z.string())
  .optional()
  .describe("records that failed to open (altered or sealed with another key); run egc doctor")
export const unreadableOut = (u: readonly Unreadable[]) =>
  u.length ? { unreadable: u.map((x) => `${x.id}: ${x.reason}`) } : {}

export const writeShape = {
  project: projectField,
  outcome: z
    .enum(["created", "reinforced", "unchanged", "pending"])
    .describe("pending: stored for a person to review, not yet memory"),
  id: z.string().optional(),
  note: z.string().optional(),
}

const NEXT_STEP: Record<string, string> = {
  injection: "rephrase it as a plain statement of fact, without instructions to an agent",
  tombstoned: "do not store it again; a person forgot it on purpose",
  consent: "ask the user for consent (memory_consent) and retry",
  off: "memory is turned off for this project; tell the user instead",
  invalid: "fix the field named above and retry",
  "not-found": "check the id with search_history or memory_recall",
  scope: "use an id from this project",
}

/** Turn a write result into tool output; a refusal becomes an isError result that says what to do. */
export function settle(project: string, r: WriteResult): z.infer<z.ZodObject<typeof writeShape>> {
  if (r.outcome === "refused")
    throw new ToolFailure(
      `not stored: ${r.reason ?? "refused"}; ${NEXT_STEP[r.code ?? "invalid"] ?? "fix the input and retry"}`,
      refusalCode(r.code),
    )
  const notes = [
    r.outcome === "pending"
      ? "waiting for a person to approve it (egc memory review); it is not recalled as fact until then"
      : undefined,
    r.redacted?.length ? `secrets redacted before storing: ${r.redacted.join(", ")}` : undefined,
    r.conflictId ? `kept both items and opened conflict ${r.conflictId} (memory_conflicts)` : undefined,
  ].filter(Boolean)
  return {
    project,
    outcome: r.outcome,
    ...(r.id ? { id: r.id } : {}),
    ...(notes.length ? { note: notes.join("; ") } : {}),
  }
}
