import { act, post, type Item } from "../api.ts"
import { clear, empty, h } from "../dom.ts"
import { itemCard } from "./_items.ts"

/** Forget by id or by text: first exactly what would go, then a confirmation naming the count. */
export async function forgetView(main: HTMLElement, params: URLSearchParams): Promise<void> {
  const id = h("input", { type: "text", id: "forget-id", placeholder: "item id", value: params.get("id") ?? "" })
  const text = h("input", { type: "text", id: "forget-text", placeholder: "or the text to forget" })
  const out = h("div", { class: "forget-preview" })
  const target = () => ({
    ...(id.value.trim() ? { id: id.value.trim() } : {}),
    ...(text.value.trim() ? { text: text.value } : {}),
  })
  const show = async () => {
    const p = await act(post<{ items: Item[]; unreadable: string[] }>("/api/forget/preview", target()))
    if (!p) return
    const ids = [...p.items.map((v) => v.id), ...p.unreadable]
    const confirm = async () => {
      const r = await act(post<{ forgotten: string[] }>("/api/forget", { ...target(), confirm: ids }))
      if (r)
        clear(
          out,
          h(
            "p",
            { class: "panel good", id: "forget-done" },
            `Forgotten: ${r.forgotten.length} item(s). Their content is destroyed and the text is blocked from being stored again.`,
          ),
        )
    }
    clear(
      out,
      h("h2", {}, "This will be forgotten"),
      ids.length
        ? h(
            "div",
            { class: "forget-list" },
            ...p.items.map(itemCard),
            ...p.unreadable.map((u) => h("div", { class: "card muted", "data-id": u }, `${u} (cannot be opened)`)),
          )
        : empty("No stored item matches. Forgetting will only block this text from being stored again."),
      h(
        "p",
        { class: "muted" },
        "The content of each item and of every stored version is destroyed; a fingerprint stays so the same content is refused from any source until you lift it.",
      ),
      h(
        "button",
        { class: "danger", id: "forget-confirm", onclick: confirm },
        ids.length ? `Forget ${ids.length} item(s)` : "Block this text",
      ),
    )
  }
  clear(
    main,
    h("h1", {}, "Forget"),
    h("div", { class: "filters" }, id, text, h("button", { id: "forget-preview", onclick: show }, "Preview")),
    out,
  )
  if (id.value) await show()
}
