/**
 * The confusable skeleton (after Unicode TR39): the form in which text that looks alike compares
 * alike. Default-ignorable characters (zero-width, bidi controls, soft hyphen, variation selectors,
 * tags) are removed, then NFKC (full-width and mathematical letters), lower case, accents dropped,
 * and the common Cyrillic, Greek and Armenian look-alikes of Latin letters mapped to them. Used only
 * to compare and to screen; stored text is never rewritten to it.
 */
const IGNORABLE =
  /[\u00AD\u061C\u115F\u1160\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0\u{1D173}-\u{1D17A}\u{E0000}-\u{E0FFF}]|\u034F|\u17B4|\u17B5|[\u180B-\u180F]|[\uFE00-\uFE0F]/gu
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g
const MARKS = /\p{M}+/gu

// lower-case look-alikes → Latin (upper case folds to these first)
const LOOKALIKE: Record<string, string> = {
  а: "a",
  б: "b",
  в: "b",
  г: "r",
  д: "d",
  е: "e",
  ё: "e",
  з: "3",
  и: "u",
  к: "k",
  л: "n",
  м: "m",
  н: "h",
  о: "o",
  п: "n",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ц: "u",
  ш: "w",
  ь: "b",
  ѕ: "s",
  і: "i",
  ї: "i",
  ј: "j",
  һ: "h",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ӏ: "l",
  ѵ: "v",
  ү: "y",
  ґ: "r",
  α: "a",
  β: "b",
  γ: "y",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
  ϲ: "c",
  ϳ: "j",
  ς: "c",
  ı: "i",
  ɩ: "i",
  ɡ: "g",
  ɑ: "a",
  ʏ: "y",
  ᴀ: "a",
  ᴄ: "c",
  ᴅ: "d",
  ᴇ: "e",
  ᴋ: "k",
  ᴍ: "m",
  ᴏ: "o",
  ᴘ: "p",
  ᴛ: "t",
  ᴜ: "u",
  ᴠ: "v",
  ᴡ: "w",
  ᴢ: "z",
  ʀ: "r",
  ɴ: "n",
  ʜ: "h",
  ʟ: "l",
  ɢ: "g",
  ꜱ: "s",
  օ: "o",
  ս: "u",
  հ: "h",
  ո: "n",
  ց: "g",
  ք: "p",
  զ: "q",
  "\u2018": "'",
  "\u2019": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
  "\u2039": "<",
  "\u203A": ">",
  "\u2329": "<",
  "\u232A": ">",
  "\u27E8": "<",
  "\u27E9": ">",
  "\u3008": "<",
  "\u3009": ">",
  "\u02C2": "<",
  "\u02C3": ">",
  "\u2215": "/",
  "\u2044": "/",
}
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
    .replace(NON_ASCII, (c) => LOOKALIKE[c] ?? c)
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
    .replace(NON_ASCII, (c) => LOOKALIKE[c] ?? c)
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
