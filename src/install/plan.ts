import { EgcError } from "../core/errors"
import { readBackup } from "./backup"
import { detectTarget, makeContext } from "./context"
import { MalformedFile } from "./edit"
import { blockedBy, hashOf, isReadOnly, missingDirs, readText, resolveTarget } from "./fsx"
import { applyAll, removeAll } from "./ops"
import type { InstallRecord, RecordedOp } from "./record"
import { TARGETS, targetById } from "./targets"
import type { Edit, InstallContext, Scope, Target } from "./types"

export interface PlanOptions {
  scope: Scope
  project: string
  bin: string
  /** Named targets; when absent, every detected tool. */
  targets?: string[]
  home?: string
  pathDirs?: string[]
  platform?: NodeJS.Platform
  record?: InstallRecord
}

export interface TargetPlan {
  id: string
  name: string
  detected: string | undefined
  /** Why nothing will be written for this target, when so. */
  skipped?: string
  files: string[]
}

export interface FileChange {
  /** As the tool names it. */
  path: string
  /** Where writes go (the symlink's target when it is one). */
  real: string
  before: string | null
  after: string
  /** The file's content with egc's part taken out: what uninstall restores. */
  pristine: string | null
  ops: RecordedOp[]
  createdDirs: string[]
  mode?: number
}

export interface Plan {
  ctx: InstallContext
  targets: TargetPlan[]
  /** Every file egc will own a part of; `before === after` means it is already up to date. */
  files: FileChange[]
  undetectedNamed: string[]
}

function selectTargets(
  ctx: InstallContext,
  named: string[] | undefined,
): Array<{ target: Target; detected: string | undefined }> {
  if (!named?.length)
    return TARGETS.map((target) => ({ target, detected: detectTarget(ctx, target) })).filter((t) => t.detected)
  return named.map((id) => {
    const target = targetById(id)
    if (!target)
      throw new EgcError("E_USAGE", `unknown target '${id}'`, {
        hint: `targets: ${TARGETS.map((t) => t.id).join(", ")}`,
      })
    return { target, detected: detectTarget(ctx, target) }
  })
}

const recordedOwned = (record: InstallRecord | undefined, real: string) =>
  record?.files[real]?.ops.some((o) => o.op.kind === "file") ?? false

/** What each of a target's files becomes, or the reason the target must be skipped. */
function tryTarget(
  ctx: InstallContext,
  target: Target,
  record: InstallRecord | undefined,
): { edits: Array<Edit & { real: string }> } | { skipped: string } {
  const facets = [target.mcp, target.hooks, target.instructions].map((f) => f[ctx.scope]).filter((f) => f !== undefined)
  const edits = facets.flatMap((f) => f.edits(ctx))
  if (edits.length === 0)
    return {
      skipped: `nothing to install at ${ctx.scope} scope (${[target.mcp.note, target.hooks.note, target.instructions.note].filter(Boolean).join("; ")})`,
    }
  const out: Array<Edit & { real: string }> = []
  try {
    for (const edit of edits) {
      const real = resolveTarget(edit.file)
      const blocker = blockedBy(real)
      if (blocker) return { skipped: `${blocker} is a file where egc needs a folder` }
      const text = readText(real)
      if (text !== null && isReadOnly(real)) return { skipped: `${edit.file} is read-only` }
      applyAll(
        text,
        [{ target: edit.target, purpose: edit.purpose, scope: ctx.scope, op: edit.op }],
        edit.file,
        recordedOwned(record, real),
      )
      out.push({ ...edit, real })
    }
  } catch (e) {
    if (e instanceof MalformedFile) return { skipped: e.message }
    throw e
  }
  return { edits: out }
}

export function computePlan(opts: PlanOptions): Plan {
  const ctx = makeContext(opts)
  const chosen = selectTargets(ctx, opts.targets)
  const targets: TargetPlan[] = []
  const byFile = new Map<string, { path: string; ops: RecordedOp[] }>()
  for (const { target, detected } of chosen) {
    const result = tryTarget(ctx, target, opts.record)
    if ("skipped" in result) {
      targets.push({ id: target.id, name: target.name, detected, skipped: result.skipped, files: [] })
      continue
    }
    targets.push({ id: target.id, name: target.name, detected, files: [...new Set(result.edits.map((e) => e.file))] })
    for (const e of result.edits) {
      const slot = byFile.get(e.real) ?? { path: e.file, ops: [] }
      slot.ops.push({ target: e.target, purpose: e.purpose, scope: ctx.scope, op: e.op })
      byFile.set(e.real, slot)
    }
  }
  const files: FileChange[] = []
  for (const [real, { path, ops }] of byFile) files.push(fileChange(real, path, ops, opts.record))
  return { ctx, targets, files, undetectedNamed: chosen.filter((c) => !c.detected).map((c) => c.target.id) }
}

function fileChange(real: string, path: string, ops: RecordedOp[], record: InstallRecord | undefined): FileChange {
  const before = readText(real)
  const entry = record?.files[real]
  const owned = recordedOwned(record, real)
  const after = applyAll(before, ops, path, owned) ?? ""
  const saved = entry && entry.after !== null && hashOf(before) === entry.after ? readBackup(entry.backup) : undefined
  const pristine = saved !== undefined ? saved : removeAll(before, [...(entry?.ops ?? []), ...ops])
  const mode = ops.find((o) => o.op.kind === "file" && o.op.mode)?.op
  return {
    path,
    real,
    before,
    after,
    pristine,
    ops,
    createdDirs: missingDirs(real),
    ...(mode?.kind === "file" && mode.mode ? { mode: mode.mode } : {}),
  }
}
