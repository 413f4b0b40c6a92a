import type { Rule } from "./_regex"

export type IntentKind = "remember" | "forget" | "resume" | "history" | "save"

/** One language's rules; patterns run on NFKC-normalised, lower-cased text. */
export interface LanguageRules {
  lang: string
  /** Characters of the language's script: its rules are skipped for a prompt without any. */
  script: RegExp
  remember: readonly Rule[]
  forget: readonly Rule[]
  resume: readonly Rule[]
  history: readonly Rule[]
  save: readonly Rule[]
  /** Look-alikes that must not store or forget anything. */
  negative: readonly Rule[]
}
