import { get } from "../api.ts"
import { bytes, clear, empty, h, stat, when } from "../dom.ts"
import { EVENT_LABELS } from "./told.ts"

interface Overview {
  project: { display: string; branch: string | null }
  projects: Array<{ display: string; items: number }>
  byKind: Record<string, Record<string, number>>
  statuses: Record<string, number>
  pending: number
  hidden: number
  conflicts: number
  sessions: number
  guard: { deny: number; ask: number }
  savings: { runs: number; bytes: number; tokens: number }
  told: { last: { at: number; event: string; tool: string; session: string } | null; error: string | null }
  unreadable: number
}

const STATUS_COLUMNS = ["active", "pending", "superseded", "archived", "rejected", "expired", "hidden"]

export async function overviewView(main: HTMLElement): Promise<void> {
  const o = await get<Overview>("/api/overview")
  const kinds = Object.keys(o.byKind).sort()
  const link = (href: string, el: HTMLElement) => h("a", { href, class: "stat-link" }, el)
  clear(
    main,
    h("h1", {}, "Overview"),
    h(
      "div",
      { class: "stats" },
      link("#/review", stat("pending review", o.pending, o.pending ? "warn" : "")),
      link("#/review", stat("asked to forget", o.hidden, o.hidden ? "warn" : "")),
      link("#/conflicts", stat("open conflicts", o.conflicts, o.conflicts ? "warn" : "")),
      link("#/mesh", stat("live sessions", o.sessions)),
      link("#/guard", stat("guard denies · 7 days", o.guard.deny, o.guard.deny ? "bad" : "")),
      link("#/guard", stat("guard asks · 7 days", o.guard.ask)),
      link("#/savings", stat("crusher saved · 7 days", `${bytes(o.savings.bytes)} · ${o.savings.tokens} tok`, "good")),
      toldCard(o.told),
    ),
    o.unreadable
      ? h(
          "p",
          { class: "panel bad" },
          `${o.unreadable} stored record(s) could not be opened (altered or sealed with another key).`,
        )
      : null,
    h("h2", {}, "Items by kind and status"),
    kinds.length
      ? h(
          "table",
          { class: "grid" },
          h("thead", {}, h("tr", {}, h("th", {}, "kind"), ...STATUS_COLUMNS.map((s) => h("th", { class: "num" }, s)))),
          h(
            "tbody",
            {},
            ...kinds.map((k) =>
              h(
                "tr",
                {},
                h("td", {}, h("a", { href: `#/memory?kinds=${encodeURIComponent(k)}` }, k)),
                ...STATUS_COLUMNS.map((s) =>
                  h("td", { class: "num" }, o.byKind[k]?.[s] ? String(o.byKind[k]?.[s]) : "·"),
                ),
              ),
            ),
          ),
        )
      : empty("No memory in this project yet."),
    h("h2", {}, "Projects"),
    o.projects.length
      ? h(
          "table",
          { class: "grid" },
          h("thead", {}, h("tr", {}, h("th", {}, "project"), h("th", { class: "num" }, "active + pending items"))),
          h(
            "tbody",
            {},
            ...o.projects.map((p) => h("tr", {}, h("td", {}, p.display), h("td", { class: "num" }, p.items))),
          ),
        )
      : empty("No project has memory yet."),
  )
}

/** The last injection: when, which event and tool; opens that session on the told page. */
function toldCard(t: Overview["told"]): HTMLElement {
  const card = (href: string, el: HTMLElement, title?: string) =>
    h("a", { href, class: "stat-link", id: "last-told", title }, el)
  if (t.error) return card("#/told", stat("agent last told", "unreadable", "bad"), t.error)
  if (!t.last) return card("#/told", stat("agent last told", "never"))
  const event = EVENT_LABELS[t.last.event] ?? t.last.event
  const href = `#/told?session=${encodeURIComponent(t.last.session)}`
  return card(href, stat(`agent last told · ${event} · ${t.last.tool}`, when(t.last.at)))
}
