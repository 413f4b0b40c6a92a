import { RULES_EN_PT_ES } from "./rules-en-pt-es"
import { RULES_FR_DE_IT_TR } from "./rules-fr-de-it-tr"
import { RULES_JA_ZH_KO_RU_HI_AR } from "./rules-ja-zh-ko-ru-hi-ar"
import type { Rule } from "./_regex"
import type { IntentKind, LanguageRules } from "./types"

export type { IntentKind, LanguageRules } from "./types"

export interface Intent {
  kind: IntentKind
  lang: string
  /** The prompt without its trigger words: what to remember, forget or look up. */
  text: string
}

const LANGUAGES: readonly LanguageRules[] = [...RULES_EN_PT_ES, ...RULES_FR_DE_IT_TR, ...RULES_JA_ZH_KO_RU_HI_AR]

/**
 * Recognises remember / forget / resume / history / save by rule, without a model. Order matters:
 * questions about the past are history before anything else ("do you remember…?" is not a
 * remember), look-alikes veto remember, forget and save ("I don't remember", "forgot password",
 * "save the file"), and only then are the storing intents tried.
 */
export function detectIntent(prompt: string, languages: readonly LanguageRules[] = LANGUAGES): Intent | undefined {
  const clean = prompt
    .normalize("NFKC")
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, " ")
    .trim()
  const text = normalise(clean)
  if (!text || text.length > 4000) return undefined
  const relevant = languages.filter((lang) => lang.script.test(text))
  for (const kind of ["history", "resume"] as const) {
    for (const lang of relevant) {
      const m = firstMatch(lang[kind], text)
      if (m) return { kind, lang: lang.lang, text: strip(text, m) }
    }
  }
  if (relevant.some((lang) => firstMatch(lang.negative, text))) return undefined
  for (const kind of ["forget", "remember", "save"] as const) {
    for (const lang of relevant) {
      const m = firstMatch(lang[kind], text)
      if (m) return { kind, lang: lang.lang, text: strip(clean, m) }
    }
  }
  return undefined
}

/** Lower case without Turkish dot marks; Arabic without diacritics, tatweel or alef variants; Russian ё as е. */
function normalise(clean: string): string {
  return clean
    .toLowerCase()
    .replace(/\u0307/g, "")
    .replace(/[\u064B-\u0652\u0670\u0640]/g, "")
    .replace(/[أإآ]/g, "ا")
    .replace(/ё/g, "е")
}

function firstMatch(patterns: readonly Rule[], text: string): RegExpExecArray | undefined {
  for (const p of patterns) {
    const m = p.exec(text)
    if (m) return m
  }
  return undefined
}

/** Removes the trigger (by position, so case of the original is kept) and leftover punctuation. */
function strip(original: string, m: RegExpExecArray): string {
  const lower = normalise(original)
  const base = lower.length === original.length ? original : lower
  const at = lower.indexOf(m[0])
  const rest = at === -1 ? base : `${base.slice(0, at)} ${base.slice(at + m[0].length)}`
  return rest
    .replace(/^[\s:：,，、。.!！?？-]+|[\s:：,，、。!！?？-]+$/g, "")
    .replace(/\s+/g, " ")
    .trim()
}
