import { get } from "./api.ts"
import { clear, h, toast } from "./dom.ts"
import { conflictsView } from "./views/conflicts.ts"
import { forgetView } from "./views/forget.ts"
import { guardView } from "./views/guard.ts"
import { memoryView } from "./views/memory.ts"
import { meshView } from "./views/mesh.ts"
import { overviewView } from "./views/overview.ts"
import { reviewView } from "./views/review.ts"
import { savingsView } from "./views/savings.ts"
import { syncView } from "./views/sync.ts"
import { toldView } from "./views/told.ts"

/** A view fills `main` and may return a cleanup (an open event stream, a key handler). */
type Cleanup = () => void
export type View =
  | ((main: HTMLElement, params: URLSearchParams) => Promise<void>)
  | ((main: HTMLElement, params: URLSearchParams) => Promise<Cleanup>)

const VIEWS: Array<[string, string, View]> = [
  ["overview", "Overview", overviewView],
  ["memory", "Memory", memoryView],
  ["review", "Review", reviewView],
  ["conflicts", "Conflicts", conflictsView],
  ["forget", "Forget", forgetView],
  ["told", "What the agent was told", toldView],
  ["guard", "Guard", guardView],
  ["savings", "Savings", savingsView],
  ["mesh", "Mesh", meshView],
  ["sync", "Team sync", syncView],
]

let cleanup: Cleanup | undefined

async function route(): Promise<void> {
  const [name = "overview", query = ""] = location.hash.replace(/^#\/?/, "").split("?")
  const found = VIEWS.find(([n]) => n === name) ?? VIEWS[0]!
  const nav = document.getElementById("nav")!
  clear(
    nav,
    ...VIEWS.map(([n, label]) =>
      h("a", { href: `#/${n}`, class: n === found[0] ? "active" : "", "data-view": n }, label),
    ),
  )
  const main = document.getElementById("main")!
  if (cleanup) cleanup()
  cleanup = undefined
  clear(main, h("p", { class: "loading" }, "Loading…"))
  document.title = `egc · ${found[1]}`
  try {
    cleanup = (await found[2](main, new URLSearchParams(query))) || undefined
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    clear(main, h("div", { class: "panel bad" }, h("h2", {}, "Cannot show this page"), h("p", {}, message)))
    toast(message, true)
  }
}

window.addEventListener("hashchange", route)
get<{ project: { display: string; branch: string | null } }>("/api/overview")
  .then((o) => {
    const el = document.getElementById("project")
    if (el) el.textContent = `${o.project.display}${o.project.branch ? ` · ${o.project.branch}` : ""}`
  })
  .catch(() => undefined)
route()
