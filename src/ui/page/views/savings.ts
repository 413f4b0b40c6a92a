import { get } from "../api.ts"
import { barChart } from "../chart.ts"
import { bytes, clear, empty, h, stat } from "../dom.ts"

interface Row {
  key: string
  runs: number
  bytes: number
  tokens: number
  saving: number
}
interface Savings {
  days: number
  total: Row
  byDay: Row[]
  byFamily: Row[]
}

export async function savingsView(main: HTMLElement, params: URLSearchParams): Promise<void> {
  const metric = params.get("metric") === "tokens" ? "tokens" : "bytes"
  const s = await get<Savings>("/api/savings", { days: 30 })
  const fmt = metric === "bytes" ? bytes : (n: number) => `${Math.round(n)}`
  const chart = (rows: Row[], label = (k: string) => k) =>
    rows.length
      ? barChart(
          rows.map((r) => ({ label: label(r.key), value: r[metric] })),
          { format: fmt },
        )
      : empty("No crushed runs yet.")
  clear(
    main,
    h("h1", {}, "Savings"),
    h(
      "p",
      { class: "muted" },
      `What the crusher kept away from the model in the last ${s.days} days, in this project.`,
    ),
    h(
      "div",
      { class: "stats" },
      stat("runs", s.total.runs),
      stat("bytes saved", bytes(s.total.bytes), "good"),
      stat("tokens saved", s.total.tokens, "good"),
      stat("share removed", `${Math.round(s.total.saving * 100)}%`),
    ),
    h(
      "p",
      { class: "toggle" },
      h("a", { href: "#/savings?metric=bytes", class: metric === "bytes" ? "active" : "" }, "bytes"),
      h("a", { href: "#/savings?metric=tokens", class: metric === "tokens" ? "active" : "" }, "tokens"),
    ),
    h("h2", {}, `${metric} saved per day`),
    h(
      "div",
      { class: "chart-box", id: "chart-day" },
      chart(s.byDay, (k) => k.slice(5)),
    ),
    h("h2", {}, `${metric} saved per command family`),
    h("div", { class: "chart-box", id: "chart-family" }, chart(s.byFamily)),
  )
}
