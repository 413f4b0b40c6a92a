import { applyOp, removeOp } from "./edit"
import type { RecordedOp } from "./record"
import type { Op } from "./types"

/** Two ops with the same key edit the same thing; the newer one replaces the older. */
export function opKey(op: Op): string {
  switch (op.kind) {
    case "json-set":
    case "yaml-set":
      return `${op.kind}:${op.path.join("\u0000")}`
    case "json-hooks":
      return `${op.kind}:${op.path.join("\u0000")}:${Object.keys(op.events).sort().join(",")}`
    case "toml-table":
      return `${op.kind}:${op.table}`
    case "md-block":
    case "file":
      return op.kind
  }
}

const sameOp = (a: RecordedOp, b: RecordedOp) =>
  a.target === b.target && a.scope === b.scope && opKey(a.op) === opKey(b.op)

export function mergeOps(old: RecordedOp[], fresh: RecordedOp[]): RecordedOp[] {
  return [...old.filter((o) => !fresh.some((f) => sameOp(o, f))), ...fresh]
}

/** Text with every op applied in order (null text: the file does not exist yet). */
export function applyAll(text: string | null, ops: RecordedOp[], what: string, owned: boolean): string | null {
  let out = text
  for (const r of ops) out = applyOp(out, r.op, what, { owned })
  return out
}

/** Text with egc's part of each op removed; null when nothing of the file is left to keep. */
export function removeAll(text: string | null, ops: RecordedOp[]): string | null {
  let out = text
  for (const r of ops) {
    if (out === null) return null
    out = removeOp(out, r.op)
  }
  return out
}
