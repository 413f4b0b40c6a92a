/**
 * A part of a stored output: lines A-B as they are, or the lines matching a pattern prefixed with
 * their numbers (so a range can be asked for next).
 */
export function selectLines(text: string, opts: { from?: number; to?: number; pattern?: RegExp }): string {
  const lines = text.split("\n")
  if (lines.at(-1) === "") lines.pop()
  const from = Math.max(1, opts.from ?? 1)
  const to = Math.min(lines.length, opts.to ?? lines.length)
  const out: string[] = []
  for (let n = from; n <= to; n++) {
    const line = lines[n - 1] ?? ""
    if (!opts.pattern) out.push(line)
    else if (opts.pattern.test(line)) out.push(`${n}: ${line}`)
  }
  return out.length ? `${out.join("\n")}\n` : ""
}
