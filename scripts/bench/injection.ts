import { readFileSync } from "node:fs"
import { join } from "node:path"
import { instructionKind, scanInjection } from "../../src/core/screen"

/**
 * Injection screen on the labelled set (test/fixtures/injection/eval.json): for the tuning and the
 * held-out half, how many injections are refused at write and flagged on read, and how many
 * ordinary notes are refused or flagged (false alarms). `--misses` lists what was missed.
 * Run: npx bun run scripts/bench/injection.ts [--misses]
 */
type Item = { label: "injection" | "benign"; split: "tune" | "held"; source: string; text: string }
const { items } = JSON.parse(
  readFileSync(join(import.meta.dir, "../../test/fixtures/injection/eval.json"), "utf8"),
) as { items: Item[] }
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}% (${n}/${d})` : "-")
const rows: string[] = [
  "| half | injections refused | injections flagged | benign refused | benign flagged |",
  "| --- | --- | --- | --- | --- |",
]
const misses: string[] = []
for (const split of ["tune", "held", "all"] as const) {
  const of = items.filter((i) => split === "all" || i.split === split)
  const inj = of.filter((i) => i.label === "injection")
  const ben = of.filter((i) => i.label === "benign")
  const refused = (i: Item) => scanInjection(i.text) !== undefined
  const flagged = (i: Item) => instructionKind(i.text) !== undefined
  rows.push(
    `| ${split} | ${pct(inj.filter(refused).length, inj.length)} | ${pct(inj.filter(flagged).length, inj.length)} | ${pct(ben.filter(refused).length, ben.length)} | ${pct(ben.filter(flagged).length, ben.length)} |`,
  )
  if (split === "all") {
    for (const i of inj) if (!flagged(i)) misses.push(`missed  [${i.split}] ${JSON.stringify(i.text.slice(0, 100))}`)
    for (const i of ben)
      if (flagged(i))
        misses.push(
          `alarm   [${i.split}] ${refused(i) ? "refused" : "flagged"} (${instructionKind(i.text)}) ${JSON.stringify(i.text.slice(0, 100))}`,
        )
  }
}
console.log(rows.join("\n"))
if (process.argv.includes("--misses")) console.log(`\n${misses.join("\n")}`)
