/**
 * The mirror block in an instruction file and the clean filter's view of it. Text is handled as
 * latin1 (one char per byte), so a file that is not UTF-8 passes through the filter byte for byte.
 * The block is everything from the start marker through the end marker and the one line break after
 * it; `strip` removes exactly that, so clean(file with block) === the file as it was before.
 */
export const START = "<!-- egc:mirror:start -->"
export const END = "<!-- egc:mirror:end -->"
const NOTE =
  "<!-- written by `egc mirror` from this project's egc memory; kept out of commits by a git clean filter; " +
  "do not edit (it is rewritten): `egc mirror off` removes it -->"

export type Found = { kind: "none" } | { kind: "one"; from: number; to: number } | { kind: "broken"; reason: string }

const count = (text: string, needle: string) => text.split(needle).length - 1

/** Where the one block is, or why the file's markers cannot be trusted (then nothing is touched). */
export function findBlock(text: string): Found {
  const starts = count(text, START)
  const ends = count(text, END)
  if (starts === 0 && ends === 0) return { kind: "none" }
  if (starts !== 1 || ends !== 1) {
    return { kind: "broken", reason: `${starts} start and ${ends} end marker(s); exactly one pair is expected` }
  }
  const from = text.indexOf(START)
  const endAt = text.indexOf(END)
  if (endAt < from) return { kind: "broken", reason: "the end marker comes before the start marker" }
  let to = endAt + END.length
  if (text.startsWith("\r\n", to)) to += 2
  else if (text[to] === "\n") to += 1
  return { kind: "one", from, to }
}

/** The clean filter: the file without its block; undefined when the markers are broken. */
export function strip(text: string): string | undefined {
  const found = findBlock(text)
  if (found.kind === "none") return text
  if (found.kind === "broken") return undefined
  return text.slice(0, found.from) + text.slice(found.to)
}

const eolOf = (text: string) => (/\r\n/.test(text) && !/(^|[^\r])\n/.test(text) ? "\r\n" : "\n")

/** The block for `content` (already scrubbed and neutralised), in the file's line endings. */
export function renderBlock(content: string, eol = "\n"): string {
  return [START, NOTE, "", ...content.trimEnd().split("\n"), "", END].join(eol) + eol
}

/**
 * The file with its block set to `content`: replaced in place, else appended at the end (directly
 * after the last byte, so stripping it gives back the file exactly, with or without a final newline).
 */
export function setBlock(text: string, content: string): { text: string } | { broken: string } {
  const found = findBlock(text)
  if (found.kind === "broken") return { broken: found.reason }
  const block = renderBlock(content, eolOf(text))
  if (found.kind === "one") return { text: text.slice(0, found.from) + block + text.slice(found.to) }
  return { text: text + block }
}

/** Marker-like text inside content is defused: no `<!--` or `-->` survives, so no marker can be forged. */
export function neutralise(content: string): string {
  return content.replace(/<!--/g, "<! --").replace(/-->/g, "-- >")
}
