import { describe, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { detectIntent } from "../../src/hooks/intent"

/**
 * The labelled intent set: test/hooks/intents/<lang>.tsv, one `label<TAB>prompt` per line, at least
 * 40 per language, with look-alikes labelled `none`. The bar (from issue 9): at least 95% per
 * language, and never a remember on a prompt that is not one.
 */
const LANGS = ["en", "pt", "es", "fr", "de", "it", "ja", "zh", "ko", "ru", "hi", "tr", "ar"] as const

const HOLDOUT = readFileSync(join(import.meta.dir, "intents-holdout.tsv"), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => l.split("\t"))

/** The language's labelled set plus its rows of the (former) hold-out set, see scripts/bench/intents.ts. */
function corpus(lang: string): Array<{ label: string; prompt: string }> {
  const own = readFileSync(join(import.meta.dir, "intents", `${lang}.tsv`), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((line) => {
      const [label = "", prompt = ""] = line.split("\t")
      return { label, prompt }
    })
  return [...own, ...HOLDOUT.filter((r) => r[0] === lang).map(([, label = "", prompt = ""]) => ({ label, prompt }))]
}

describe("intent recognition per language", () => {
  for (const lang of LANGS) {
    test(lang, () => {
      const rows = corpus(lang)
      expect(rows.length).toBeGreaterThanOrEqual(40)
      expect(rows.filter((r) => r.label === "none").length).toBeGreaterThanOrEqual(10)
      const misses: string[] = []
      const falseRemember: string[] = []
      for (const { label, prompt } of rows) {
        const got = detectIntent(prompt)?.kind ?? "none"
        if (got !== label) misses.push(`${label} → ${got}: ${prompt}`)
        if (got === "remember" && label !== "remember") falseRemember.push(prompt)
      }
      const accuracy = (rows.length - misses.length) / rows.length
      if (accuracy < 1) console.error(`[${lang}] ${(accuracy * 100).toFixed(1)}%\n  ${misses.join("\n  ")}`)
      expect(falseRemember).toEqual([])
      expect(accuracy).toBeGreaterThanOrEqual(0.95)
    })
  }
})

describe("what an intent carries", () => {
  test("remember keeps the content and drops the trigger", () => {
    expect(detectIntent("Remember that we deploy on Fridays")).toEqual({
      kind: "remember",
      lang: "en",
      text: "we deploy on Fridays",
    })
    expect(detectIntent("запомни: база только для чтения")?.text).toBe("база только для чтения")
  })
  test("'do you remember…?' is history, never remember", () => {
    expect(detectIntent("Do you remember that we chose Postgres?")?.kind).toBe("history")
  })
  test("plain prompts and oversized ones carry no intent", () => {
    expect(detectIntent("refactor the parser into two files")).toBeUndefined()
    expect(detectIntent(`remember that ${"x".repeat(5000)}`)).toBeUndefined()
    expect(detectIntent("")).toBeUndefined()
  })
})
