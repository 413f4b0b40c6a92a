import type { Store } from "../_store"
import { isUnreadable, present } from "../read"
import { sectionCount, sectionRows, type StateOrder } from "../read/state-rows"
import type { ItemView } from "../types"

/**
 * A state section read a page at a time, best rows first, so the view opens only the records it
 * can show (render.ts asks for another page while a section's lines fit in its share).
 */
export interface SectionCursor {
  items: ItemView[]
  /** Rows not read yet. */
  unread: number
  /**
   * Rows after the `shown`-th item in the section's order (copies on two levels count twice; none
   * once every row was read and shown): the "N more" figure, the same however many pages were read.
   */
  left?: (shown: number) => number
  /** Read the next page; false when there was nothing left. */
  more(): boolean
}

/** Rows opened per page: about what one section shows at session start. */
export const SECTION_PAGE = 16

export function openSection(
  store: Store,
  s: { project: string; scopes: string[]; kind: string },
  order: StateOrder,
  merge: boolean,
  page = SECTION_PAGE,
): SectionCursor {
  const seen = new Set<string>()
  const count = sectionCount(store, s)
  /** Rows read up to and including each item's own. */
  const through: number[] = []
  let consumed = 0
  const cursor: SectionCursor = {
    items: [],
    unread: count,
    left: (shown) => {
      if (shown <= 0) return count
      if (shown >= cursor.items.length && cursor.unread === 0) return 0
      return count - (through[Math.min(shown, through.length) - 1] ?? 0)
    },
    more() {
      if (cursor.unread <= 0) return false
      const rows = sectionRows(store, s, order, consumed, page)
      consumed += rows.length
      cursor.unread = rows.length ? Math.max(0, cursor.unread - rows.length) : 0
      for (const [k, row] of rows.entries()) {
        // the same text on the branch and the project level is shown once, at its best place
        const key = `${row.title_fp ?? ""}|${row.text_fp ?? row.id}`
        if (merge && seen.has(key)) continue
        seen.add(key)
        const v = present(store, row)
        if (isUnreadable(v)) continue
        cursor.items.push(v)
        through.push(consumed - rows.length + k + 1)
      }
      return rows.length > 0
    },
  }
  cursor.more()
  return cursor
}
