import { basename } from "node:path"

/**
 * Grouping keys for observations: the command family (the program, after env prefixes and
 * wrappers) and an error signature (the first error-looking line with volatile parts erased).
 */
const WRAPPERS = new Set(["sudo", "env", "time", "nice", "nohup", "npx", "bunx", "pnpx", "exec", "command"])

export function commandFamily(command: string | undefined): string {
  if (!command) return "none"
  const words = command.trim().split(/\s+/)
  let i = 0
  while (
    i < words.length &&
    (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i] ?? "") ||
      WRAPPERS.has(words[i] ?? "") ||
      (words[i] ?? "").startsWith("-"))
  )
    i++
  const word = basename(words[i] ?? "").toLowerCase()
  return /^[a-z0-9][a-z0-9._+-]{0,23}$/.test(word) ? word : "other"
}

const ERROR_LINE =
  /(error|failed|failure|fatal|exception|traceback|panic|denied|not found|cannot|unable|refused|invalid)/i

export function errorLine(text: string | undefined): string | undefined {
  if (!text) return undefined
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
  return lines.find((l) => ERROR_LINE.test(l)) ?? lines.at(-1)
}

/** Volatile parts (numbers, paths, hashes, quoted names) are erased so recurrences group together. */
export function normaliseError(line: string): string {
  return line
    .replace(/(\/[\w.@-]+)+/g, "<path>")
    .replace(/[A-Za-z]:\\[\w\\.-]+/g, "<path>")
    .replace(/\b0x[0-9a-f]+\b/gi, "<hex>")
    .replace(/\b[0-9a-f]{7,}\b/gi, "<hex>")
    .replace(/\d+/g, "<n>")
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, "<q>")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200)
}
