import { get } from "../api.ts"
import { badge, clear, empty, h, when } from "../dom.ts"

interface Session {
  session: string
  tool: string
  started: number
  last: number
  count: number
}
interface Injection {
  id: string
  at: number
  event: string
  tool: string
  text: string
  truncated: boolean
}

export const EVENT_LABELS: Record<string, string> = {
  "session-start": "session start",
  "prompt-submit": "prompt submit",
}
const label = (event: string) => EVENT_LABELS[event] ?? event

/** The sessions a hook told something, and one session's injections as plain text (never markup). */
export async function toldView(main: HTMLElement, params: URLSearchParams): Promise<void> {
  const sessions = await get<Session[]>("/api/told")
  const detail = h("div", { class: "detail told-detail" }, empty("Select a session to see what it was told."))
  const list = h("div", {})

  let shown = 0
  const open = async (s: Session) => {
    const mine = ++shown
    for (const tr of list.querySelectorAll("tr.selected")) tr.classList.remove("selected")
    list.querySelector(`tr[data-session="${CSS.escape(s.session)}"]`)?.classList.add("selected")
    // a link to this selection, without re-rendering the page through the router
    history.replaceState(null, "", `#/told?session=${encodeURIComponent(s.session)}`)
    const r = await get<{ injections: Injection[] }>("/api/told/session", { session: s.session })
    // a later click wins over an answer that arrives late
    if (mine !== shown) return
    clear(
      detail,
      h(
        "div",
        { class: "card-head" },
        badge(s.tool, "kind"),
        h("span", { class: "mono" }, s.session),
        h("span", { class: "muted" }, ` · ${r.injections.length} injection(s), newest first`),
      ),
      r.injections.length
        ? h(
            "ol",
            { class: "injections" },
            ...r.injections.map((t) =>
              h(
                "li",
                { class: "injection", "data-id": t.id, "data-event": t.event },
                h(
                  "div",
                  { class: "card-head" },
                  badge(label(t.event), "event"),
                  h("span", { class: "mono muted" }, when(t.at)),
                  t.truncated ? h("span", { class: "note" }, "cut at 32,000 characters") : null,
                ),
                h("pre", { class: "body told-text" }, t.text),
              ),
            ),
          )
        : empty("Nothing recorded for this session any more."),
    )
  }

  clear(
    list,
    sessions.length
      ? h(
          "table",
          { class: "grid told-sessions" },
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", {}, "session"),
              h("th", {}, "tool"),
              h("th", {}, "started"),
              h("th", { class: "num" }, "injections"),
            ),
          ),
          h(
            "tbody",
            {},
            ...sessions.map((s) =>
              h(
                "tr",
                {
                  class: "clickable",
                  "data-session": s.session,
                  title: `${s.session} · last told ${when(s.last)}`,
                  onclick: () => void open(s),
                },
                h("td", { class: "mono session-id" }, s.session),
                h("td", { class: "nowrap" }, s.tool),
                h("td", { class: "nowrap" }, when(s.started)),
                h("td", { class: "num" }, s.count),
              ),
            ),
          ),
        )
      : empty("No session of this project was told anything yet."),
  )
  clear(
    main,
    h("h1", {}, "What the agent was told"),
    h(
      "p",
      { class: "muted" },
      "What the hooks injected into each session at its start and on each prompt — redacted as it was kept, " +
        "shown as plain text.",
    ),
    h("div", { class: "split told" }, list, detail),
  )
  const wanted = sessions.find((s) => s.session === params.get("session")) ?? sessions[0]
  if (wanted) await open(wanted)
}
