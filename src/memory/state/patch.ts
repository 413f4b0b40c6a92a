import { z } from "zod"
import { scanFields } from "../../core/screen"
import { storedScope, tx, type Store } from "../_store"
import { activeIds } from "../read/meta"
import { insertPrepared } from "../write/item"
import { isRefusal, prepareItem, type Prepared } from "../write/prepare"
import { setStatusRow, supersedeRow } from "../write/mutate"
import type { ItemInput, ScopeName, StatePatch, StatePatchResult, WriteContext, WriteResult } from "../types"

/**
 * `update_state` semantics over items: a new context supersedes the old one, decisions, avoid and
 * preferences are added with de-duplication, `next` replaces the next steps when given (an empty
 * list clears them) and is kept when omitted. The whole patch is checked before anything is
 * written and is stored in one transaction, or not at all.
 */
// built on first use, like the item schema (write/prepare.ts)
let schema: ReturnType<typeof buildSchema> | undefined
const statePatchSchema = () => (schema ??= buildSchema())
const buildSchema = () =>
  z
    .object({
      context: z.string().max(20_000).optional(),
      decisions: z
        .array(z.object({ what: z.string().min(1).max(1000), why: z.string().max(4000).optional() }).strict())
        .max(50)
        .optional(),
      avoid: z.array(z.string().min(1).max(1000)).max(50).optional(),
      preferences: z.array(z.string().min(1).max(1000)).max(50).optional(),
      next: z.array(z.string().min(1).max(1000)).max(20).optional(),
    })
    .strict()

const firstLine = (text: string) => (text.split("\n").find((l) => l.trim()) ?? "").trim().slice(0, 120)

function inputsOf(patch: StatePatch, scope: ScopeName | undefined): Array<{ section: string; input: ItemInput }> {
  const out: Array<{ section: string; input: ItemInput }> = []
  if (patch.context?.trim())
    out.push({
      section: "context",
      input: { kind: "context", title: firstLine(patch.context), body: patch.context, scope },
    })
  for (const d of patch.decisions ?? [])
    out.push({ section: "decisions", input: { kind: "decision", title: d.what, body: d.why ?? "", scope } })
  for (const a of patch.avoid ?? [])
    out.push({ section: "avoid", input: { kind: "avoid", title: firstLine(a), body: a, scope } })
  for (const p of patch.preferences ?? [])
    out.push({ section: "preferences", input: { kind: "preference", title: firstLine(p), body: p, scope } })
  for (const n of patch.next ?? [])
    out.push({ section: "next", input: { kind: "next", title: firstLine(n), body: n, scope } })
  return out
}

function liveIds(store: Store, project: string, scope: string, kind: string): string[] {
  return activeIds(store, { project, scope, kind })
}

export function applyStatePatch(
  store: Store,
  raw: StatePatch,
  ctx: WriteContext & { scope?: ScopeName },
): StatePatchResult {
  const parsed = statePatchSchema().safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, reason: `${issue?.path.join(".") || "patch"}: ${issue?.message ?? "invalid"}`, results: [] }
  }
  const patch = parsed.data
  const inputs = inputsOf(patch, ctx.scope)
  const prepared: Array<{ section: string; p: Prepared }> = []
  for (const { section, input } of inputs) {
    const p = prepareItem(input)
    if (isRefusal(p))
      return {
        ok: false,
        reason: `${section}: ${p.reason}`,
        results: [{ outcome: "refused", code: p.code, reason: p.reason }],
      }
    prepared.push({ section, p })
  }
  const together = scanFields({ patch: prepared.map(({ p }) => `${p.title} ${p.body}`).join(" ") })
  if (together)
    return {
      ok: false,
      reason: `refused: ${together}`,
      results: [{ outcome: "refused", code: "injection", reason: together }],
    }
  return tx(store, () => {
    const results: WriteResult[] = []
    const written = new Map<string, string[]>()
    for (const { section, p } of prepared) {
      const r = insertPrepared(store, p, ctx, {})
      if (r.outcome === "refused") throw new PatchRefused(section, r)
      results.push(r)
      if (r.id && r.outcome === "created") written.set(p.input.kind, [...(written.get(p.input.kind) ?? []), r.id])
    }
    for (const kind of ["context", "next"]) {
      const given =
        kind === "context" ? patch.context !== undefined && patch.context.trim() !== "" : patch.next !== undefined
      if (!given) continue
      const { project, scope } = storedScope(ctx.project, kind, ctx.scope)
      const replacement = written.get(kind)?.[0]
      const clears = kind === "next" && patch.next?.length === 0
      // a pending replacement waits for review; the current items stay until it is approved
      if (!replacement && !clears) continue
      const keep = new Set(results.filter((r) => r.id).map((r) => r.id as string))
      for (const id of liveIds(store, project, scope, kind)) {
        if (keep.has(id)) continue
        if (replacement) supersedeRow(store, id, replacement, project, ctx.actor)
        else setStatusRow(store, id, project, "archived", "archive", ctx.actor, "cleared by a state patch")
      }
    }
    return { ok: true, results }
  }) as StatePatchResult
}

class PatchRefused extends Error {
  constructor(
    readonly section: string,
    readonly result: WriteResult,
  ) {
    super(`${section}: ${result.reason}`)
  }
}

export function applyStatePatchSafe(
  store: Store,
  raw: StatePatch,
  ctx: WriteContext & { scope?: ScopeName },
): StatePatchResult {
  try {
    return applyStatePatch(store, raw, ctx)
  } catch (e) {
    if (e instanceof PatchRefused) return { ok: false, reason: e.message, results: [e.result] }
    throw e
  }
}
