import { SKELETON_MAP } from "./lookalikes"

/**
 * The confusable skeleton (after Unicode TR39): the form in which text that looks alike compares
 * alike. Default-ignorable characters (zero-width, bidi controls, soft hyphen, variation selectors,
 * tags) are removed, then NFKC (full-width and mathematical letters), lower case, accents dropped,
 * and the common Cyrillic, Greek and Armenian look-alikes of Latin letters mapped to them (the table in
 * lookalikes.ts, shared with the guard). Used only to compare and to screen; stored text is never rewritten to it.
 */
const IGNORABLE =
  /[\u00AD\u061C\u115F\u1160\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0\u{1D173}-\u{1D17A}\u{E0000}-\u{E0FFF}]|\u034F|\u17B4|\u17B5|[\u180B-\u180F]|[\uFE00-\uFE0F]/gu
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g
const MARKS = /\p{M}+/gu
const NON_ASCII = /[^\x00-\x7f]/g

/** One character (code point) to its skeleton; may be empty (ignorables, marks) or longer (ligatures). */
const IGNORABLE_ONE = new RegExp(IGNORABLE.source, "u")
const CONTROL_ONE = new RegExp(CONTROL.source)

function skeletonOf(ch: string): string {
  if (IGNORABLE_ONE.test(ch) || CONTROL_ONE.test(ch)) return ""
  return ch
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(MARKS, "")
    .replace(NON_ASCII, (c) => SKELETON_MAP[c] ?? c)
}

const ASCII = /^[\x00-\x7f]*$/

/** The skeleton of a text: for comparing and screening, whitespace runs kept as they are. */
export function skeleton(text: string): string {
  if (ASCII.test(text)) return text.replace(CONTROL, "").toLowerCase()
  const s = text
    .toWellFormed()
    .replace(IGNORABLE, "")
    .replace(CONTROL, "")
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(MARKS, "")
    .replace(NON_ASCII, (c) => SKELETON_MAP[c] ?? c)
  return s.normalize("NFC")
}

/** Skeleton with single spaces and line breaks kept (the form the screens read). */
export function screenForm(text: string): string {
  return skeleton(text)
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n[\s]*/g, "\n")
    .trim()
}

/**
 * The skeleton with, for each of its characters, the index in the original text it came from,
 * so a match found in the skeleton can be replaced in the original.
 */
export function skeletonWithMap(text: string): { text: string; from: number[] } {
  let out = ""
  const from: number[] = []
  let i = 0
  for (const ch of text.toWellFormed()) {
    const code = ch.charCodeAt(0)
    // ASCII: only controls drop out and letters lower-case (the common case, kept cheap)
    const s =
      code < 0x80
        ? (code < 0x20 && code !== 9 && code !== 10 && code !== 13) || code === 0x7f
          ? ""
          : ch.toLowerCase()
        : skeletonOf(ch)
    for (let k = 0; k < s.length; k++) from.push(i)
    out += s
    i += ch.length
  }
  from.push(i)
  return { text: out, from }
}
