/** A unified diff of two texts (for `--dry-run`), three lines of context. */
export function unifiedDiff(path: string, before: string | null, after: string | null, context = 3): string {
  const a = before === null ? [] : splitLines(before)
  const b = after === null ? [] : splitLines(after)
  const ops = diffLines(a, b)
  const out = [`--- ${before === null ? "/dev/null" : path}`, `+++ ${after === null ? "/dev/null" : path}`]
  let i = 0
  while (i < ops.length) {
    if (ops[i]?.[0] === " ") {
      i++
      continue
    }
    const start = Math.max(0, i - context)
    let end = i
    while (end < ops.length) {
      if (ops[end]?.[0] !== " ") end++
      else {
        let run = end
        while (run < ops.length && ops[run]?.[0] === " ") run++
        if (run === ops.length || run - end > context * 2) break
        end = run
      }
    }
    const stop = Math.min(ops.length, end + context)
    const hunk = ops.slice(start, stop)
    const aStart = ops.slice(0, start).filter((o) => o[0] !== "+").length
    const bStart = ops.slice(0, start).filter((o) => o[0] !== "-").length
    const aLen = hunk.filter((o) => o[0] !== "+").length
    const bLen = hunk.filter((o) => o[0] !== "-").length
    out.push(`@@ -${aLen ? aStart + 1 : aStart},${aLen} +${bLen ? bStart + 1 : bStart},${bLen} @@`, ...hunk.map(([k, line]) => `${k}${line}`))
    i = stop
  }
  return out.join("\n")
}

const splitLines = (text: string) => {
  const lines = text.split("\n")
  if (lines.at(-1) === "") lines.pop()
  return lines
}

type Line = [" " | "-" | "+", string]

/** LCS over the lines between the common prefix and suffix (config files are small). */
function diffLines(a: string[], b: string[]): Line[] {
  let pre = 0
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++
  let suf = 0
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++
  const am = a.slice(pre, a.length - suf)
  const bm = b.slice(pre, b.length - suf)
  const n = am.length
  const m = bm.length
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1))
  for (let x = n - 1; x >= 0; x--) for (let y = m - 1; y >= 0; y--) (lcs[x] as Uint32Array)[y] = am[x] === bm[y] ? (lcs[x + 1] as Uint32Array)[y + 1]! + 1 : Math.max((lcs[x + 1] as Uint32Array)[y]!, (lcs[x] as Uint32Array)[y + 1]!)
  const mid: Line[] = []
  let x = 0
  let y = 0
  while (x < n && y < m) {
    if (am[x] === bm[y]) {
      mid.push([" ", am[x] as string])
      x++
      y++
    } else if ((lcs[x + 1] as Uint32Array)[y]! >= (lcs[x] as Uint32Array)[y + 1]!) mid.push(["-", am[x++] as string])
    else mid.push(["+", bm[y++] as string])
  }
  while (x < n) mid.push(["-", am[x++] as string])
  while (y < m) mid.push(["+", bm[y++] as string])
  return [...a.slice(0, pre).map((l): Line => [" ", l]), ...mid, ...a.slice(a.length - suf).map((l): Line => [" ", l])]
}
