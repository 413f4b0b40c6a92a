export type IntentKind = "remember" | "forget" | "resume" | "history" | "save"

/** One language's rules; patterns run on NFKC-normalised, lower-cased text. */
export interface LanguageRules {
  lang: string
  remember: readonly RegExp[]
  forget: readonly RegExp[]
  resume: readonly RegExp[]
  history: readonly RegExp[]
  save: readonly RegExp[]
  /** Look-alikes that must not store or forget anything. */
  negative: readonly RegExp[]
}
