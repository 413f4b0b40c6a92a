/**
 * Fitting sections into a character budget by allocation, never by cutting the tail: each section
 * states what it would cost in full, sections that must appear get a floor first, the rest of the
 * budget is shared by weight (a section never gets more than it needs, its unused share flows to
 * the others), and each section is then rendered within its own share, best lines first, with a
 * "N more …" line for what did not fit.
 */
export interface Block {
  heading: string
  /** Lines in priority order (what must be seen first comes first). */
  lines: string[]
  /** Lines after these that were never read (the store holds them): counted in the "N more" line. */
  unread?: number
  /** Context, next steps and avoid: always shown, clipped if they must be. */
  must?: boolean
  weight: number
  /** The line that replaces the lines left out. */
  more: (n: number) => string
  /** What the "N more" line counts once `shown` lines are shown; by default the lines and rows not shown. */
  left?: (shown: number) => number
  /** A mark a line ends with that clipping must keep (the flag on text that reads as an instruction). */
  keep?: string
}

/** A single stored line never takes more than this, so one long decision cannot crowd out the rest. */
const LINE_CAP_CHARS = 600
/** The share of the budget each must-show section is guaranteed before the others are served. */
const MUST_FLOOR = 0.18

const linesCost = (b: Block) => b.heading.length + 1 + b.lines.reduce((n, l) => n + l.length + 1, 0)
/** What a block needs in full; one with rows never read needs more than any share it can get. */
const cost = (b: Block) => (b.unread ? Number.POSITIVE_INFINITY : linesCost(b))

/**
 * A block whose read lines all fit in its room while rows are still unread must read more before it
 * is rendered; once none does, every share is what reading everything would have given (a block
 * with unread rows is given less than the lines it holds, so its need, finite or not, never capped it).
 */
export const wantsMore = (b: Block, room: number) => (b.unread ?? 0) > 0 && linesCost(b) <= room

export function clip(line: string, max: number, keep?: string): string {
  if (line.length <= max) return line
  if (keep && line.endsWith(keep)) return `${clip(line.slice(0, -keep.length), Math.max(8, max - keep.length))}${keep}`
  const cut = line.slice(0, Math.max(0, max - 1))
  const space = cut.lastIndexOf(" ")
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** How many characters each block may use; sums to at most `budget`. */
export function allocate(blocks: Block[], budget: number): number[] {
  const need = blocks.map(cost)
  const got = blocks.map((b, i) => (b.must ? Math.min(need[i] ?? 0, Math.floor(budget * MUST_FLOOR)) : 0))
  let left = budget - got.reduce((a, b) => a + b, 0)
  for (let round = 0; round < blocks.length && left > 0; round++) {
    const hungry = blocks.map((_, i) => i).filter((i) => (got[i] ?? 0) < (need[i] ?? 0))
    const weights = hungry.reduce((n, i) => n + (blocks[i]?.weight ?? 0), 0)
    if (!hungry.length || weights <= 0) break
    let given = 0
    for (const i of hungry) {
      const share = Math.floor((left * (blocks[i]?.weight ?? 0)) / weights)
      const take = Math.min(share, (need[i] ?? 0) - (got[i] ?? 0))
      got[i] = (got[i] ?? 0) + take
      given += take
    }
    left -= given
    if (given === 0) break
  }
  return got
}

/** One block within `room` characters: whole lines in order, then the "N more" line. */
export function renderBlock(b: Block, room: number): string | undefined {
  const unread = b.unread ?? 0
  const total = b.lines.length + unread
  if (!total) return undefined
  const left = b.left ?? ((shown: number) => total - shown)
  const lines = b.lines.map((l) => clip(l, LINE_CAP_CHARS, b.keep))
  let used = b.heading.length + 1
  const out: string[] = []
  // the cost of every line from i to the end: when all of it fits, no "N more" line is needed
  const tail = lines.map((l) => l.length + 1)
  for (let i = tail.length - 2; i >= 0; i--) tail[i] = (tail[i] ?? 0) + (tail[i + 1] ?? 0)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string
    if (!unread && used + (tail[i] ?? 0) <= room) {
      out.push(...lines.slice(i))
      break
    }
    const rest = left(i + 1)
    const reserve = rest > 0 ? b.more(rest).length + 1 : 0
    if (used + line.length + 1 + reserve <= room) {
      out.push(line)
      used += line.length + 1
      continue
    }
    // a must-show section always shows at least its first line, shortened to fit
    if (!out.length && b.must) {
      const moreLen = left(1) > 0 ? b.more(left(1)).length + 1 : 0
      out.push(clip(line, Math.max(24, room - used - moreLen - 1), b.keep))
      if (left(1) > 0) out.push(b.more(left(1)))
      return `${b.heading}\n${out.join("\n")}`
    }
    if (!out.length) return countOnly(b, left(0), room)
    out.push(b.more(left(i)))
    return `${b.heading}\n${out.join("\n")}`
  }
  // every line read fitted; what was never read is counted
  if (unread) {
    if (!out.length) return countOnly(b, left(0), room)
    out.push(b.more(left(lines.length)))
  }
  return `${b.heading}\n${out.join("\n")}`
}

const countOnly = (b: Block, n: number, room: number) =>
  room >= b.heading.length + 1 + b.more(n).length ? `${b.heading}\n${b.more(n)}` : undefined

export function fitBlocks(blocks: Block[], budget: number): Array<string | undefined> {
  const rooms = allocate(blocks, budget)
  return blocks.map((b, i) => renderBlock(b, rooms[i] ?? 0))
}

/** Ranked lines within `room` characters: whole lines best first, the first always (shortened), then "N more". */
export function fitLines(lines: string[], room: number, more: (n: number) => string, keep?: string): string {
  return renderBlock({ heading: "", lines, must: true, weight: 1, more, keep }, room + 1)?.slice(1) ?? ""
}
