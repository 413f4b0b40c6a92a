import { act, get, post, type Item } from "../api.ts"
import { clear, empty, h, when } from "../dom.ts"
import { itemCard } from "./_items.ts"

type Side = Item | { id: string; missing?: boolean; unreadable?: string }
interface Conflict {
  id: string
  reason: string
  createdAt: number
  newItem: Side
  oldItem: Side
}

const side = (label: string, s: Side) =>
  h(
    "div",
    { class: "side" },
    h("div", { class: "side-label" }, label),
    "kind" in s ? itemCard(s) : h("div", { class: "card muted" }, `${s.id}: ${s.unreadable ?? "not found"}`),
  )

/** Each open conflict side by side; the person keeps the new item, the old one, or both. */
export async function conflictsView(main: HTMLElement): Promise<void> {
  const list = await get<Conflict[]>("/api/conflicts")
  const resolve = async (id: string, keep: string) => {
    if (await act(post("/api/conflicts/resolve", { id, keep }), `kept ${keep}`)) await conflictsView(main)
  }
  clear(
    main,
    h("h1", {}, "Conflicts"),
    list.length
      ? h(
          "div",
          { class: "conflicts" },
          ...list.map((c) =>
            h(
              "section",
              { class: "conflict", "data-id": c.id },
              h("p", { class: "muted" }, `${c.reason} · opened ${when(c.createdAt)}`),
              h("div", { class: "sides" }, side("new", c.newItem), side("old", c.oldItem)),
              h(
                "div",
                { class: "bulk" },
                h("button", { class: "good", "data-keep": "new", onclick: () => resolve(c.id, "new") }, "Keep new"),
                h("button", { "data-keep": "old", onclick: () => resolve(c.id, "old") }, "Keep old"),
                h("button", { "data-keep": "both", onclick: () => resolve(c.id, "both") }, "Keep both"),
              ),
            ),
          ),
        )
      : empty("No open conflicts."),
  )
}
