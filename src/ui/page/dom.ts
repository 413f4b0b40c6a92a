/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/// <reference lib="dom.asynciterable" />

type Child = Node | string | number | null | undefined | false
type Attrs = Record<string, string | number | boolean | EventListener | undefined | null>

/** Builds elements; text always goes in as text nodes (stored memory is data, never markup). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v)
    else if (v === true) el.setAttribute(k, "")
    else el.setAttribute(k, String(v))
  }
  append(el, ...children)
  return el
}

export function append(el: Element, ...children: Child[]): void {
  for (const c of children)
    if (c !== null && c !== undefined && c !== false) el.append(typeof c === "number" ? String(c) : c)
}

export function clear(el: Element, ...children: Child[]): void {
  el.replaceChildren()
  append(el, ...children)
}

export const when = (ms: number | null | undefined): string =>
  ms ? new Date(ms).toISOString().replace("T", " ").slice(0, 16) : "–"
export const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`
  return `${(n / 1024 / 1024).toFixed(1)} MB`
}

export function toast(text: string, bad = false): void {
  const t = document.getElementById("toast")
  if (!t) return
  t.textContent = text
  t.className = bad ? "toast show bad" : "toast show"
  setTimeout(() => (t.className = "toast"), 3500)
}

export const badge = (text: string, cls = text): HTMLSpanElement => h("span", { class: `badge ${cls}` }, text)

/** A card of figures: label above, number below. */
export const stat = (label: string, value: string | number, tone = ""): HTMLDivElement =>
  h(
    "div",
    { class: `stat ${tone}` },
    h("div", { class: "stat-value" }, String(value)),
    h("div", { class: "stat-label" }, label),
  )

export const empty = (text: string): HTMLParagraphElement => h("p", { class: "empty" }, text)
