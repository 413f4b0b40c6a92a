import { readFileSync } from "node:fs"
import { join } from "node:path"
import { crush } from "../../src/crush/pipeline"
import { stripAnsi } from "../../src/crush/text"

export interface Case {
  id: string
  command: string
  family: string
  input_file: string
  exit_code: number | null
  must_keep: string[]
  /** Real-output set only: "tune" or "heldout", decided by a hash of the id before tuning. */
  split?: string
}

export interface Scored {
  id: string
  family: string
  bytesIn: number
  bytesOut: number
  saving: number
  missing: string[]
  mode: string
  split?: string
}

export const CORPUS = join(import.meta.dir, "corpus")
/** Real outputs of ordinary commands on npm packages, labelled by a written rule (scripts/bench/crush-realset). */
export const REALSET = join(import.meta.dir, "realset")

export function loadCases(dir = CORPUS): Case[] {
  return (JSON.parse(readFileSync(join(dir, "cases.json"), "utf8")) as { cases: Case[] }).cases
}

export function score(c: Case, dir = CORPUS): Scored {
  const input = new Uint8Array(readFileSync(join(dir, c.input_file)))
  const result = crush(input, {
    command: c.command,
    ...(c.exit_code === null ? {} : { exitCode: c.exit_code }),
    runId: "r_0123456789",
  })
  const visible = stripAnsi(result.output)
  const missing = c.must_keep.filter((s) => !visible.includes(s))
  return {
    id: c.id,
    family: c.family,
    ...(c.split ? { split: c.split } : {}),
    bytesIn: input.length,
    bytesOut: result.bytesOut,
    saving: 1 - result.bytesOut / input.length,
    missing,
    mode: result.mode,
  }
}

export function summarise(rows: Scored[]) {
  const bytesIn = rows.reduce((n, r) => n + r.bytesIn, 0)
  const bytesOut = rows.reduce((n, r) => n + r.bytesOut, 0)
  const big = rows
    .filter((r) => r.bytesIn > 2048)
    .map((r) => r.saving)
    .sort((a, b) => a - b)
  const median = big.length ? ((big[(big.length - 1) >> 1] ?? 0) + (big[big.length >> 1] ?? 0)) / 2 : 0
  return {
    cases: rows.length,
    weighted: 1 - bytesOut / bytesIn,
    medianBig: median,
    bigCases: big.length,
    failing: rows.filter((r) => r.missing.length),
  }
}
