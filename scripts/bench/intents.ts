#!/usr/bin/env bun
/**
 * Accuracy of the intent rules on a held-out set written after the rules were tuned
 * (test/hooks/intents-holdout.tsv: `lang<TAB>label<TAB>prompt`), per language. A measurement, not a
 * gate: the labelled set in test/hooks/intents/ is the gate.
 *   bun run scripts/bench/intents.ts
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { detectIntent } from "../../src/hooks/intent"

const rows = readFileSync(join(import.meta.dir, "../../test/hooks/intents-holdout.tsv"), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => {
    const [lang = "", label = "", prompt = ""] = l.split("\t")
    return { lang, label, prompt }
  })
const by = new Map<string, { n: number; ok: number; falseRemember: number; misses: string[] }>()
for (const r of rows) {
  const got = detectIntent(r.prompt)?.kind ?? "none"
  const s = by.get(r.lang) ?? { n: 0, ok: 0, falseRemember: 0, misses: [] }
  s.n++
  if (got === r.label) s.ok++
  else s.misses.push(`${r.label} → ${got}: ${r.prompt}`)
  if (got === "remember" && r.label !== "remember") s.falseRemember++
  by.set(r.lang, s)
}
const lines = ["| lang | prompts | correct | false remember |", "| --- | --- | --- | --- |"]
for (const [lang, s] of by)
  lines.push(`| ${lang} | ${s.n} | ${s.ok} (${((100 * s.ok) / s.n).toFixed(0)}%) | ${s.falseRemember} |`)
const total = [...by.values()].reduce((a, s) => ({ n: a.n + s.n, ok: a.ok + s.ok }), { n: 0, ok: 0 })
process.stdout.write(
  `${lines.join("\n")}\n\noverall ${total.ok}/${total.n} (${((100 * total.ok) / total.n).toFixed(1)}%); ${new Date().toISOString()}\n\nmisses:\n${[
    ...by.values(),
  ]
    .flatMap((s) => s.misses)
    .map((m) => `- ${m}`)
    .join("\n")}\n`,
)
