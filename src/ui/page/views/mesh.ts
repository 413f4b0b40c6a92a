import { clear, empty, h, when } from "../dom.ts"

interface Snapshot {
  peers: Array<{
    id: string
    tool: string
    branch: string | null
    task: string | null
    startedAt: number
    heartbeatAt: number
    sameWorktree: boolean
  }>
  claims: Array<{
    id: string
    pattern: string
    mode: string
    reason: string
    session: string
    tool: string
    until: number
  }>
}
interface Message {
  id: string
  kind: string
  from: string
  to: string | null
  at: number
  text: string | null
  flagged: boolean
}

const table = (head: string[], rows: HTMLTableRowElement[]) =>
  h(
    "table",
    { class: "grid" },
    h("thead", {}, h("tr", {}, ...head.map((c) => h("th", {}, c)))),
    h("tbody", {}, ...rows),
  )

/** Live sessions, claims and messages, pushed by the server as server-sent events. */
export async function meshView(main: HTMLElement): Promise<() => void> {
  const peers = h("div", {}, h("p", { class: "loading" }, "Connecting…"))
  const claims = h("div", {})
  const messages = h("ul", { class: "messages" })
  const status = h("span", { class: "live" }, "connecting")
  clear(
    main,
    h("h1", {}, "Mesh ", status),
    h("h2", {}, "Live sessions"),
    peers,
    h("h2", {}, "Claims"),
    claims,
    h("h2", {}, "Messages since this page opened"),
    messages,
  )
  const source = new EventSource("/api/mesh/events")
  source.addEventListener("open", () => (status.textContent = "live"))
  source.addEventListener("error", () => (status.textContent = "reconnecting"))
  source.addEventListener("snapshot", (e) => {
    const s = JSON.parse((e as MessageEvent).data) as Snapshot
    clear(
      peers,
      s.peers.length
        ? table(
            ["session", "tool", "branch", "task", "last seen"],
            s.peers.map((p) =>
              h(
                "tr",
                {},
                h("td", { class: "mono" }, p.id),
                h("td", {}, p.tool),
                h("td", {}, p.branch ?? "–"),
                h("td", {}, p.task ?? "–"),
                h("td", { class: "muted" }, when(p.heartbeatAt)),
              ),
            ),
          )
        : empty("No live sessions in this project."),
    )
    clear(
      claims,
      s.claims.length
        ? table(
            ["pattern", "mode", "session", "reason", "until"],
            s.claims.map((c) =>
              h(
                "tr",
                {},
                h("td", {}, h("code", {}, c.pattern)),
                h("td", {}, c.mode),
                h("td", { class: "mono" }, `${c.tool} ${c.session}`),
                h("td", {}, c.reason || "–"),
                h("td", { class: "muted" }, when(c.until)),
              ),
            ),
          )
        : empty("No live claims."),
    )
  })
  source.addEventListener("message", (e) => {
    const m = JSON.parse((e as MessageEvent).data) as Message
    messages.prepend(
      h(
        "li",
        {},
        h("span", { class: "muted" }, `${when(m.at)} ${m.kind} from ${m.from}${m.to ? ` to ${m.to}` : ""}: `),
        h("span", { class: m.flagged ? "flagged" : "" }, m.text ?? ""),
      ),
    )
  })
  return () => source.close()
}
