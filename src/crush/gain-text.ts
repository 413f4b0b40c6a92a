import type { Savings, SavingsRow } from "./ledger"

const kb = (n: number): string => (n >= 1 << 20 ? `${(n / (1 << 20)).toFixed(1)} MB` : `${(n / 1024).toFixed(1)} KB`)
const pct = (r: SavingsRow): string => `${(r.saving * 100).toFixed(1)}%`

function table(title: string, rows: SavingsRow[], label: (key: string) => string = (k) => k): string[] {
  if (!rows.length) return []
  const lines = [`${title}`]
  for (const r of rows)
    lines.push(
      `  ${label(r.key).padEnd(20)} ${String(r.runs).padStart(6)} runs  ${kb(r.bytesIn).padStart(10)} → ${kb(r.bytesOut).padStart(10)}  ${pct(r).padStart(6)}  ~${r.tokensSaved} tokens saved`,
    )
  return lines
}

/** Project ids are keyed hashes (no paths are stored); the one of the current folder is named. */
export function renderSavings(s: Savings, currentProject?: string): string {
  const t = s.total
  if (!t.runs)
    return `no crushed runs${s.since ? ` since ${new Date(s.since).toISOString()}` : ""} yet (run commands through egc crush -- <cmd>)`
  return [
    `egc crush: ${t.runs} runs, ${kb(t.bytesIn)} → ${kb(t.bytesOut)} (${pct(t)} saved, ~${t.tokensSaved} tokens)${s.since ? ` since ${new Date(s.since).toISOString()}` : ""}`,
    ...table("by family", s.byFamily),
    ...table("by project", s.byProject, (k) => (k === currentProject ? "this project" : k.slice(0, 14))),
    ...table("by day", s.byDay),
  ].join("\n")
}
