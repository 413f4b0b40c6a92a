import { act, get, post, type Item } from "../api.ts"
import { badge, clear, empty, h, toast, when } from "../dom.ts"

interface Review {
  pending: Item[]
  hidden: Item[]
}
interface Decided {
  ok: boolean
  results: Array<{ id: string; outcome: string; reason?: string }>
}

const KINDS = [
  "context",
  "decision",
  "avoid",
  "preference",
  "next",
  "lesson",
  "constraint",
  "failure",
  "discovery",
  "requirement",
  "architecture",
  "note",
]

async function decide(action: string, ids: string[], edits?: Record<string, string>): Promise<boolean> {
  const r = await act(post<Decided>("/api/review", { action, ids, ...(edits ? { edits } : {}) }))
  if (!r) return false
  const refused = r.results.filter((x) => x.outcome === "refused")
  if (refused.length) toast(`${refused.length} refused: ${refused[0]?.reason ?? ""}`, true)
  else toast(`${action}: ${ids.length} item(s)`)
  return refused.length === 0
}

/**
 * Pending items, one by one or in bulk, keyboard first: j/k move, x selects, a approves, r rejects,
 * e edits (then approve), c changes the kind; A / R act on every selected item.
 */
export async function reviewView(main: HTMLElement): Promise<() => void> {
  const data = await get<Review>("/api/review")
  const selected = new Set<string>()
  let cursor = 0
  const rows: HTMLElement[] = []
  const editor = h("div", { class: "editor" })

  const render = () => {
    rows.length = 0
    const cards = data.pending.map((v, i) => {
      const box = h("input", {
        type: "checkbox",
        checked: selected.has(v.id),
        "aria-label": "select",
        onchange: () => toggle(v.id),
      })
      const kind = h(
        "select",
        { class: "kind-select", "aria-label": "kind" },
        ...[...new Set([v.kind, ...KINDS])].map((k) => h("option", { value: k, selected: k === v.kind }, k)),
      )
      kind.addEventListener("change", async () => {
        if (await decide("edit", [v.id], { kind: kind.value })) await reload()
      })
      const row = h(
        "div",
        {
          class: `review-item${i === cursor ? " focused" : ""}${selected.has(v.id) ? " picked" : ""}`,
          "data-id": v.id,
          onclick: () => focus(i),
        },
        h("div", { class: "review-check" }, box),
        h(
          "div",
          { class: "review-main" },
          h(
            "div",
            { class: "card-head" },
            kind,
            " ",
            badge(v.source, "source"),
            h("span", { class: "muted" }, ` ${v.scope} · ${when(v.recordedAt)}`),
          ),
          h("div", { class: v.flagged ? "title flagged" : "title" }, v.title),
          h("pre", { class: "body" }, v.body),
          v.flagged ? h("p", { class: "note" }, "This text reads as an instruction; it is shown as data.") : null,
        ),
        h(
          "div",
          { class: "review-actions" },
          h("button", { class: "good", onclick: () => one("approve", v.id) }, "Approve"),
          h("button", { onclick: () => openEditor(v) }, "Edit"),
          h("button", { class: "danger", onclick: () => one("reject", v.id) }, "Reject"),
        ),
      )
      rows.push(row)
      return row
    })
    clear(
      main,
      h("h1", {}, "Review"),
      h(
        "p",
        { class: "keys muted" },
        "Keys: ",
        ...[
          "j/k move",
          "x select",
          "a approve",
          "r reject",
          "e edit",
          "c kind",
          "A approve selected",
          "R reject selected",
        ].map((k) => h("kbd", {}, k)),
      ),
      h(
        "div",
        { class: "bulk" },
        h(
          "button",
          {
            onclick: () => {
              for (const v of data.pending) selected.add(v.id)
              render()
            },
          },
          "Select all",
        ),
        h(
          "button",
          {
            onclick: () => {
              selected.clear()
              render()
            },
          },
          "Select none",
        ),
        h(
          "button",
          { class: "good", id: "approve-selected", onclick: () => bulk("approve") },
          `Approve selected (${selected.size})`,
        ),
        h(
          "button",
          { class: "danger", id: "reject-selected", onclick: () => bulk("reject") },
          `Reject selected (${selected.size})`,
        ),
      ),
      editor,
      cards.length ? h("div", { class: "review-list" }, ...cards) : empty("Nothing waits for review."),
      h("h2", {}, "Asked to forget by an agent"),
      data.hidden.length
        ? h(
            "div",
            { class: "review-list" },
            ...data.hidden.map((v) =>
              h(
                "div",
                { class: "review-item", "data-id": v.id },
                h(
                  "div",
                  { class: "review-main" },
                  h(
                    "div",
                    { class: "card-head" },
                    badge(v.kind, "kind"),
                    h("span", { class: "muted" }, ` ${when(v.recordedAt)}`),
                  ),
                  h("div", { class: "title" }, v.title),
                ),
                h(
                  "div",
                  { class: "review-actions" },
                  h("button", { onclick: () => one("restore", v.id) }, "Restore"),
                  h("a", { class: "button danger", href: `#/forget?id=${encodeURIComponent(v.id)}` }, "Forget…"),
                ),
              ),
            ),
          )
        : empty("No agent asked to forget anything."),
    )
  }

  const reload = async () => {
    Object.assign(data, await get<Review>("/api/review"))
    for (const id of [...selected]) if (!data.pending.some((v) => v.id === id)) selected.delete(id)
    cursor = Math.min(cursor, Math.max(0, data.pending.length - 1))
    clear(editor)
    render()
  }
  const focus = (i: number) => {
    cursor = Math.max(0, Math.min(i, data.pending.length - 1))
    for (const [j, r] of rows.entries()) r.classList.toggle("focused", j === cursor)
    rows[cursor]?.scrollIntoView({ block: "nearest" })
  }
  const toggle = (id: string) => {
    if (selected.has(id)) selected.delete(id)
    else selected.add(id)
    render()
  }
  const one = async (action: string, id: string) => {
    if (await decide(action, [id])) await reload()
  }
  const bulk = async (action: string) => {
    if (!selected.size) return toast("select items first (x)", true)
    await decide(action, [...selected])
    await reload()
  }
  const openEditor = (v: Item) => {
    const kind = h(
      "select",
      { id: "edit-kind" },
      ...[...new Set([v.kind, ...KINDS])].map((k) => h("option", { value: k, selected: k === v.kind }, k)),
    )
    const title = h("input", { type: "text", id: "edit-title", value: v.title })
    const body = h("textarea", { id: "edit-body", rows: 6 }, v.body)
    const save = async () => {
      if (await decide("approve", [v.id], { kind: kind.value, title: title.value, body: body.value })) await reload()
    }
    clear(
      editor,
      h(
        "div",
        { class: "panel" },
        h("h2", {}, "Edit, then approve"),
        h("label", {}, "kind ", kind),
        h("label", { class: "wide" }, "title ", title),
        h("label", { class: "wide" }, "body ", body),
        h(
          "div",
          { class: "bulk" },
          h("button", { class: "good", id: "save-approve", onclick: save }, "Save and approve"),
          h("button", { onclick: () => clear(editor) }, "Cancel"),
        ),
      ),
    )
    title.focus()
  }

  const onKey = (e: KeyboardEvent) => {
    const t = e.target as HTMLElement
    if (t.closest("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey) return
    const v = data.pending[cursor]
    const keys: Record<string, () => void> = {
      j: () => focus(cursor + 1),
      ArrowDown: () => focus(cursor + 1),
      k: () => focus(cursor - 1),
      ArrowUp: () => focus(cursor - 1),
      x: () => v && toggle(v.id),
      " ": () => v && toggle(v.id),
      a: () => v && one("approve", v.id),
      r: () => v && one("reject", v.id),
      e: () => v && openEditor(v),
      c: () => rows[cursor]?.querySelector<HTMLSelectElement>(".kind-select")?.focus(),
      A: () => bulk("approve"),
      R: () => bulk("reject"),
    }
    const fn = keys[e.key]
    if (fn) {
      e.preventDefault()
      fn()
    }
  }
  document.addEventListener("keydown", onKey)
  render()
  return () => document.removeEventListener("keydown", onKey)
}
