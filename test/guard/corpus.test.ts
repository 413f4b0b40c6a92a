import { describe, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { judgeCommand } from "../../src/guard"
import { type CorpusItem, corpusFile, corpusScene, loadCorpus, score } from "./_corpus"

/** Coarse categories, in the order the anchors' report assigns them. */
function coarse(item: CorpusItem): string {
  const c = item.command
  if (/<<-?\s*['"]?\w|<<</.test(c)) return "heredoc"
  if (item.category.startsWith("pack")) return "cloud/db/service packs"
  if (
    /\b(sh|bash|zsh)\s+-c\b|\b(python\d?|node|perl|ruby|php)\b|\beval\b|^(sudo|env|xargs|parallel|timeout|busybox|command|builtin|nice|time)\b|-exec|\$\(|`|<\(/.test(
      c,
    )
  )
    return "shell-wrapping/interpreters"
  if (/git/i.test(c)) return "git"
  if (/\b(rm|rmdir|unlink|find|dd|mkfs|shred|truncate|chmod|chown|mv|cp|ln|tar|rsync)\b|>\s*\S/.test(c))
    return "rm/filesystem"
  return "other"
}

describe("guard corpus (decisions only; nothing is executed)", () => {
  const items = loadCorpus()
  const s = score(items)

  test("block recall ≥ 0.99 and allow specificity ≥ 0.98, policy_note cases left out", () => {
    const recall = s.caught / s.blocks
    const specificity = s.passed / s.allows
    const rows = new Map<string, { b: number; caught: number; a: number; passed: number }>()
    const scene = corpusScene()
    for (const item of items) {
      if (item.policy_note) continue
      const key = coarse(item)
      const row = rows.get(key) ?? { b: 0, caught: 0, a: 0, passed: 0 }
      const allowed =
        judgeCommand(item.command, { cwd: scene.project, home: scene.home, projectRoot: scene.project }).decision ===
        "allow"
      if (item.expected === "block") {
        row.b++
        if (!allowed) row.caught++
      } else {
        row.a++
        if (allowed) row.passed++
      }
      rows.set(key, row)
    }
    const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "-")
    const table = [...rows].map(
      ([k, r]) =>
        `  ${k.padEnd(28)} recall ${pct(r.caught, r.b).padStart(6)} (${r.caught}/${r.b})  specificity ${pct(r.passed, r.a).padStart(6)} (${r.passed}/${r.a})`,
    )
    console.log(
      `guard corpus: ${s.n} scored, recall ${recall.toFixed(4)} (${s.caught}/${s.blocks}), specificity ${specificity.toFixed(4)} (${s.passed}/${s.allows})\n${table.join("\n")}`,
    )
    if (s.misses.length)
      console.log(`missed blocks:\n${s.misses.map((m) => `  ${JSON.stringify(m.command)}`).join("\n")}`)
    if (s.falseAlarms.length)
      console.log(`false alarms:\n${s.falseAlarms.map((m) => `  ${JSON.stringify(m.command)}`).join("\n")}`)
    expect(s.n).toBeGreaterThan(650)
    expect(recall).toBeGreaterThanOrEqual(0.99)
    expect(specificity).toBeGreaterThanOrEqual(0.98)
  })

  test("the disputed force-with-lease labels are judged as the plain force pushes they are", () => {
    const disputed = JSON.parse(readFileSync(corpusFile("disputed.json"), "utf8")) as Array<{ command: string }>
    const scene = corpusScene()
    for (const d of disputed)
      expect(
        judgeCommand(d.command, { cwd: scene.project, home: scene.home, projectRoot: scene.project }).decision,
      ).toBe("deny")
  })

  test("policy_note cases inside a project follow the cwd-aware policy", () => {
    const scene = corpusScene()
    const ctx = { cwd: scene.project, home: scene.home, projectRoot: scene.project }
    expect(judgeCommand("rm -rf build", ctx).decision).toBe("allow")
    // the corpus project is not on disk, so what ./subdir holds cannot be read: ask (a clean real repo allows, test/guard/recover.test.ts)
    expect(judgeCommand("rm -rf ./subdir 2>/dev/null", ctx).decision).toBe("ask")
    expect(judgeCommand("{ cd ..; rm -rf build; }", ctx).decision).toBe("deny")
    expect(judgeCommand("( cd ..; rm -rf build )", ctx).decision).toBe("deny")
  })
})
