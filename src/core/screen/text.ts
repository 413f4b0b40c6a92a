/**
 * Text hygiene shared by the write layer and the scanners. Stored text keeps its line breaks and
 * tabs byte for byte; everything else that is invisible or a control character goes.
 */
// C0 controls except tab, LF, CR; DEL; C1 controls
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g
// zero-width characters and bidirectional overrides: used to hide or split words from scanners
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g

/** Well-formed (lone surrogates become U+FFFD), NFC, without control or invisible characters. */
export function cleanText(value: string): string {
  return value.toWellFormed().normalize("NFC").replace(CONTROL, "").replace(INVISIBLE, "")
}

/** The form used for fingerprints and scans: compatibility-folded, lower case, single spaces. */
export function foldText(value: string): string {
  return cleanText(value).normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim()
}

/** Entity names: folded, and path separators unified so `src\\a.ts` and `src/a.ts` are one entity. */
export function normalEntity(value: string): string {
  return foldText(value).replace(/\\/g, "/")
}

/** Rough token count used for caps: about four characters per token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4)
}
