const SIMPLE: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
}

/** Decodes the body of a `$'…'` string, so `$'\x72\x6d'` is judged as `rm`. */
export function ansiC(body: string): string {
  return body.replace(
    /\\(x[0-9A-Fa-f]{1,2}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8}|[0-7]{1,3}|c.|.)/gs,
    (_, esc: string) => {
      const head = esc[0]!
      if (head === "x" || head === "u" || head === "U") return safeChar(Number.parseInt(esc.slice(1), 16))
      if (head >= "0" && head <= "7") return safeChar(Number.parseInt(esc, 8))
      if (head === "c") return String.fromCharCode(esc.charCodeAt(1) & 0x1f)
      return SIMPLE[esc] ?? `\\${esc}`
    },
  )
}

function safeChar(code: number): string {
  return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd"
}
