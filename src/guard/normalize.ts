/** Input hygiene before parsing: what is stripped, what is mapped, and whether the text was hostile. */

const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[@-Z\\-_]/g
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\u00AD\u180E]/g
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D\u2043]/g
const CONFUSABLE: Record<string, string> = {
  а: "a",
  с: "c",
  е: "e",
  һ: "h",
  і: "i",
  ј: "j",
  к: "k",
  м: "m",
  о: "o",
  р: "p",
  ԛ: "q",
  ѕ: "s",
  т: "t",
  у: "y",
  х: "x",
  ԝ: "w",
  ь: "b",
  А: "A",
  В: "B",
  С: "C",
  Е: "E",
  Н: "H",
  І: "I",
  К: "K",
  М: "M",
  О: "O",
  Р: "P",
  Ѕ: "S",
  Т: "T",
  Х: "X",
  У: "Y",
  α: "a",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ϲ: "c",
  Α: "A",
  Β: "B",
  Ε: "E",
  Η: "H",
  Ι: "I",
  Κ: "K",
  Μ: "M",
  Ν: "N",
  Ο: "O",
  Ρ: "P",
  Τ: "T",
  Χ: "X",
  Υ: "Y",
  Ζ: "Z",
}
const CONFUSABLE_RE = new RegExp(`[${Object.keys(CONFUSABLE).join("")}]`, "g")

export interface Prepared {
  text: string
  /** A look-alike-free spelling, when it differs from `text`. */
  variant?: string
  /** Why the input looked hostile (NUL, invalid UTF-8, terminal escapes); the verdict is at least ask. */
  hostile?: string
}

export function prepare(raw: string): Prepared {
  let text = raw.includes("\r") ? raw.replace(/\r\n?/g, "\n") : raw
  let hostile: string | undefined
  if (text.includes("\0")) {
    hostile = "the command contains NUL bytes"
    text = text.replaceAll("\0", "")
  }
  if (text.includes("\x1b")) {
    hostile ??= "the command contains terminal escape sequences"
    text = text.replace(ANSI, "")
  }
  if (/^[\x00-\x7f]*$/.test(text)) return hostile ? { text, hostile } : { text }
  if (text.includes("\ufffd") || /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text))
    hostile ??= "the command is not valid UTF-8"
  const variant = text
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .replace(DASHES, "-")
    .replace(CONFUSABLE_RE, (c) => CONFUSABLE[c] ?? c)
  return { text, ...(variant !== text ? { variant } : {}), ...(hostile ? { hostile } : {}) }
}
