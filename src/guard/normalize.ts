import { HOMOGLYPHS } from "../core/screen/lookalikes"

/** Input hygiene before parsing: what is stripped, what is mapped, and whether the text was hostile. */

const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[@-Z\\-_]/g
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\u00AD\u180E]/g
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D\u2043]/g
const CONFUSABLE_RE = new RegExp(`[${Object.keys(HOMOGLYPHS).join("")}]`, "g")

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
    .replace(CONFUSABLE_RE, (c) => HOMOGLYPHS[c] ?? c)
  return { text, ...(variant !== text ? { variant } : {}), ...(hostile ? { hostile } : {}) }
}
