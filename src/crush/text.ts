/**
 * Turning captured bytes into the lines a filter sees: UTF-8 decoded (invalid bytes become U+FFFD,
 * the stored run keeps the originals), ANSI escapes stripped, carriage-return progress collapsed
 * to what a terminal would finally show.
 */
// CSI (colours, cursor moves), OSC (titles, hyperlinks), and two-byte escapes.
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]/g
const decoder = new TextDecoder("utf-8")

export function decode(bytes: Uint8Array): string {
  return decoder.decode(bytes)
}

/** NUL bytes or a high share of control characters early on: not text a model can use. */
export function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 8192)
  if (n === 0) return false
  let control = 0
  for (let i = 0; i < n; i++) {
    const b = bytes[i] ?? 0
    if (b === 0) return true
    if (b < 8 || (b > 13 && b < 32 && b !== 27)) control++
  }
  return control / n > 0.1
}

export function stripAnsi(text: string): string {
  return text.includes("\x1b") ? text.replace(ANSI, "") : text
}

/** `a\rb\rc` shows as `c`; a trailing `\r` (CRLF endings) is only a line ending. */
function lastFrame(line: string): string {
  const end = line.endsWith("\r") ? line.slice(0, -1) : line
  const cr = end.lastIndexOf("\r")
  if (cr === -1) return end
  // a frame that is all blanks just clears the line: show the last frame with content
  const frames = end.split("\r")
  for (let i = frames.length - 1; i >= 0; i--) if ((frames[i] ?? "").trim()) return frames[i] ?? ""
  return ""
}

export function toLines(text: string): string[] {
  const clean = stripAnsi(text)
  const lines = clean.split("\n")
  if (lines.at(-1) === "") lines.pop()
  if (!clean.includes("\r")) return lines
  return lines.map(lastFrame)
}

/** Needs cleaning at all? (Escapes or carriage returns other than CRLF line ends.) */
export function needsCleaning(text: string): boolean {
  return text.includes("\x1b") || /\r(?!\n)/.test(text)
}

// SGR codes whose ESC byte was lost (logs copied through tools that drop control bytes).
const ORPHAN_SGR = /\[(?:\d{1,3}(?:;\d{1,3})*)?m|\[\d{0,3}[ABCDGKJ](?![\]\w])/g

/** The line as filters judge it; the line itself is what gets printed. */
export function plain(line: string): string {
  return line.includes("m") && line.includes("[") ? line.replace(ORPHAN_SGR, "") : line
}

export const estimateTokens = (bytes: number): number => Math.ceil(bytes / 4)
