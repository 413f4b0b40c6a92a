import { now } from "../core/clock"
import { EgcError } from "../core/errors"

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }

/** `--since 7d`, `24h`, `30m`, `2w`, or an ISO date/time → epoch ms. */
export function parseSince(value: string): number {
  const rel = /^(\d+)\s*([mhdw])$/.exec(value.trim())
  if (rel) return now() - Number(rel[1]) * (UNITS[rel[2] as string] ?? 0)
  const at = Date.parse(value)
  if (/^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(at)) return at
  throw new EgcError("E_USAGE", `--since '${value}' is neither a duration (30m, 24h, 7d, 2w) nor a date (2026-01-31)`)
}
