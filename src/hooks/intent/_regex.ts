/**
 * Builds a rule from readable source. `\b` becomes a word boundary that knows accented Latin,
 * Cyrillic, Arabic and Devanagari (JavaScript's own `\b` only knows ASCII): a start boundary when
 * a word follows it in the pattern, an end boundary after a letter, both sides otherwise. Word characters are spelled as
 * explicit ranges and the text is lower-cased before matching, so no rule needs the `i` flag or
 * Unicode property classes on the hot path — both cost over 100 ms of compilation per process.
 */
const WORD =
  "[0-9a-z_\\u00c0-\\u024f\\u0370-\\u03ff\\u0400-\\u04ff\\u0620-\\u064a\\u0660-\\u0669\\u066e-\\u06d3\\u06d5-\\u06ff\\u0900-\\u0963\\u0966-\\u097f]"

/** A rule compiled on first use: a prompt in one script never pays for the other scripts' rules. */
export interface Rule {
  exec(text: string): RegExpExecArray | null
}

export function rx(raw: string): Rule {
  return rxs(raw)[0] as Rule
}

/**
 * One rule for a list of sources, joined as alternatives (earlier sources win at the same
 * position): compiling one alternation costs far less than compiling each source on its own.
 */
export function rxs(...sources: string[]): Rule[] {
  let compiled: RegExp | undefined
  return [
    { exec: (text) => (compiled ??= new RegExp(sources.map((s) => `(?:${translate(s)})`).join("|"), "u")).exec(text) },
  ]
}

function translate(raw: string): string {
  const source = raw.replaceAll("[\\p{L}\\p{M}]", WORD).replaceAll("\\p{L}", WORD)
  let out = ""
  for (let i = 0; i < source.length; i++) {
    if (source[i] === "\\" && source[i + 1] === "b") {
      const next = source[i + 2] ?? ""
      const prev = source[i - 1] ?? ""
      const wordFollows = /[\p{L}[\\]/u.test(next) || (next === "(" && source[i + 3] !== "?")
      out += wordFollows
        ? `(?<!${WORD})`
        : /\p{L}/u.test(prev)
          ? `(?!${WORD})`
          : `(?:(?<!${WORD})(?=${WORD})|(?<=${WORD})(?!${WORD}))`
      i++
      continue
    }
    if (source[i] === "\\") {
      out += source.slice(i, i + 2)
      i++
      continue
    }
    out += source[i]
  }
  return out
}
