/**
 * Which lines of a TOML file begin at the top level: not inside a multi-line string (`"""`, `'''`)
 * nor inside a value's open array or inline table. Only those lines can be table headers; smol-toml
 * gives no positions, so a `[x]` line inside a multi-line string is told apart here.
 */
export function topLevelLines(lines: readonly string[]): boolean[] {
  const top: boolean[] = []
  let mode: "code" | '"""' | "'''" = "code"
  let depth = 0
  for (const line of lines) {
    const atTop = mode === "code" && depth === 0
    top.push(atTop)
    if (atTop && /^\s*\[/.test(line)) continue // a header; its quoted keys never open anything
    let i = 0
    while (i < line.length) {
      if (mode !== "code") {
        const end = closeOf(line, i, mode)
        if (end === -1) break
        mode = "code"
        i = end
        continue
      }
      const c = line[i]!
      if (c === "#") break
      if (line.startsWith('"""', i) || line.startsWith("'''", i)) {
        mode = line.startsWith('"""', i) ? '"""' : "'''"
        i += 3
      } else if (c === '"' || c === "'") i = endOfString(line, i)
      else {
        if (c === "[" || c === "{") depth++
        else if ((c === "]" || c === "}") && depth > 0) depth--
        i++
      }
    }
  }
  return top
}

/** Index just past the closing delimiter of a multi-line string (up to two extra quotes belong to it), or -1. */
function closeOf(line: string, from: number, delim: '"""' | "'''"): number {
  for (let i = from; i < line.length; i++) {
    if (delim === '"""' && line[i] === "\\") {
      i++
      continue
    }
    if (!line.startsWith(delim, i)) continue
    let end = i + 3
    while (end < line.length && end < i + 5 && line[end] === delim[0]) end++
    return end
  }
  return -1
}

/** Index just past a one-line string starting at `from` (basic strings honour backslash escapes). */
function endOfString(line: string, from: number): number {
  const quote = line[from]
  for (let i = from + 1; i < line.length; i++) {
    if (quote === '"' && line[i] === "\\") i++
    else if (line[i] === quote) return i + 1
  }
  return line.length
}
