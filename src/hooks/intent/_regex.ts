/**
 * Builds a rule from readable source: `\b` becomes a Unicode-aware word boundary (JavaScript's
 * own `\b` only knows ASCII, which breaks on "é", "ç", Cyrillic or Devanagari marks).
 */
const WORD = "[\\p{L}\\p{M}\\p{N}_]"

export function rx(source: string): RegExp {
  return new RegExp(source.replaceAll("\\b", `(?:(?<!${WORD})(?=${WORD})|(?<=${WORD})(?!${WORD}))`), "iu")
}

export const rxs = (...sources: string[]): RegExp[] => sources.map(rx)
