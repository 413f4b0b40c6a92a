import { get } from "../api.ts"
import { badge, clear, empty, h, stat, when } from "../dom.ts"

interface Received {
  id: string
  from: string | null
  at: number
  title: string | null
  status: string | null
}
interface SyncData {
  team: {
    remote: string
    member: string
    trusted: boolean
    keys: number
    pushedAt: number | null
    pulledAt: number | null
    sent: number
  } | null
  received?: Received[]
  refused?: Array<{ file: string; reason: string; at: number }>
}

/** Team sync: the remote and what came from whom and when (titles are data, shown as text). */
export async function syncView(main: HTMLElement): Promise<void> {
  const d = await get<SyncData>("/api/sync")
  if (!d.team) {
    clear(
      main,
      h("h1", {}, "Team sync"),
      empty("This project has no team remote: egc sync init --remote URL, or egc sync join --remote URL."),
    )
    return
  }
  const t = d.team
  const received = d.received ?? []
  const refused = d.refused ?? []
  clear(
    main,
    h("h1", {}, "Team sync"),
    h(
      "div",
      { class: "panel sync-team" },
      h("p", {}, "remote ", h("span", { class: "mono" }, t.remote)),
      h("p", {}, "you are ", h("span", { class: "mono" }, t.member), t.trusted ? " · teammates trusted" : ""),
      h("p", { class: "muted" }, `pushed ${when(t.pushedAt)} · pulled ${when(t.pulledAt)}`),
    ),
    h(
      "div",
      { class: "stats" },
      stat("sent", t.sent),
      stat("received", received.length),
      stat("refused", refused.length, refused.length ? "bad" : ""),
    ),
    h("h2", {}, "Received: from whom and when"),
    received.length
      ? h(
          "table",
          { class: "grid sync-received" },
          h(
            "thead",
            {},
            h("tr", {}, h("th", {}, "from"), h("th", {}, "received"), h("th", {}, "item"), h("th", {}, "status")),
          ),
          h(
            "tbody",
            {},
            ...received.map((r) =>
              h(
                "tr",
                { "data-id": r.id },
                h("td", { class: "mono from" }, r.from ?? "?"),
                h("td", { class: "mono" }, when(r.at)),
                h("td", { class: "title" }, r.title ?? "(forgotten)"),
                h("td", {}, r.status ? badge(r.status) : ""),
              ),
            ),
          ),
        )
      : empty("Nothing received yet: egc sync pull."),
    ...(refused.length
      ? [
          h("h2", {}, "Refused envelopes"),
          h(
            "table",
            { class: "grid sync-refused" },
            h("thead", {}, h("tr", {}, h("th", {}, "file"), h("th", {}, "reason"), h("th", {}, "when"))),
            h(
              "tbody",
              {},
              ...refused.map((r) =>
                h(
                  "tr",
                  {},
                  h("td", { class: "mono" }, r.file),
                  h("td", {}, r.reason),
                  h("td", { class: "mono" }, when(r.at)),
                ),
              ),
            ),
          ),
        ]
      : []),
  )
}
