import { get } from "../api.ts"
import { badge, clear, empty, h, when } from "../dom.ts"

interface Event {
  at: number
  decision: string
  rule: string | null
  reason: string | null
  command: string
  tool: string | null
  alternative: string | null
}

export async function guardView(main: HTMLElement): Promise<void> {
  const events = await get<Event[]>("/api/guard", { days: 7 })
  clear(
    main,
    h("h1", {}, "Guard"),
    h("p", { class: "muted" }, "Commands the guard refused or asked about in the last 7 days."),
    events.length
      ? h(
          "table",
          { class: "grid" },
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              ...["when", "decision", "command", "rule", "reason", "safer alternative"].map((c) => h("th", {}, c)),
            ),
          ),
          h(
            "tbody",
            {},
            ...events.map((e) =>
              h(
                "tr",
                {},
                h("td", { class: "nowrap muted" }, when(e.at)),
                h("td", {}, badge(e.decision)),
                h("td", {}, h("code", {}, e.command)),
                h("td", { class: "mono" }, e.rule ?? "–"),
                h("td", {}, e.reason ?? "–"),
                h("td", {}, e.alternative ? h("code", {}, e.alternative) : "–"),
              ),
            ),
          ),
        )
      : empty("No denies or asks in the last 7 days."),
  )
}
