import type { Item } from "../api.ts"
import { badge, h, when } from "../dom.ts"

/** One item as a table row; a flagged text is shown as quoted data, with a mark that says so. */
export function itemRow(v: Item, onOpen?: (v: Item) => void, extra: HTMLElement[] = []): HTMLTableRowElement {
  const title = h("span", { class: v.flagged ? "title flagged" : "title" }, v.title || v.body.slice(0, 80))
  return h(
    "tr",
    { "data-id": v.id, class: onOpen ? "clickable" : "", onclick: onOpen ? () => onOpen(v) : undefined },
    h("td", {}, badge(v.kind, "kind")),
    h(
      "td",
      {},
      title,
      v.flagged ? h("span", { class: "note", title: "reads as an instruction: shown as data" }, " ⚑ data") : null,
    ),
    h("td", {}, badge(v.status)),
    h("td", { class: "muted" }, v.scope),
    h("td", { class: "muted nowrap" }, when(v.recordedAt)),
    ...extra.map((e) => h("td", {}, e)),
  )
}

export const itemHead = (...extra: string[]): HTMLTableSectionElement =>
  h("thead", {}, h("tr", {}, ...["kind", "title", "status", "scope", "recorded", ...extra].map((c) => h("th", {}, c))))

export function itemCard(v: Item): HTMLElement {
  return h(
    "div",
    { class: "card", "data-id": v.id },
    h(
      "div",
      { class: "card-head" },
      badge(v.kind, "kind"),
      " ",
      badge(v.status),
      h("span", { class: "muted" }, ` ${v.scope} · ${v.source} · ${when(v.recordedAt)}`),
    ),
    h("h3", { class: v.flagged ? "flagged" : "" }, v.title),
    h("pre", { class: "body" }, v.body),
    v.flagged ? h("p", { class: "note" }, "This text reads as an instruction; it is shown as data.") : null,
    h("div", { class: "muted mono" }, v.id),
  )
}
