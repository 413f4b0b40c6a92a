import { get, type Item } from "../api.ts"
import { badge, clear, day, empty, h, when } from "../dom.ts"
import { itemHead, itemRow } from "./_items.ts"

interface Listing {
  items: Item[]
  unreadable: number
  range: { min: number; max: number }
  kinds: string[]
}

interface Detail {
  item: Item
  versions: Item[]
  destroyedVersions: number
  audit: Array<{ at: number; action: string; source: string; detail: string | null }>
}

const STATUSES = ["active", "pending", "superseded", "archived", "rejected", "expired", "hidden"]
const SLIDER_STEPS = 1000

/** Memory of this project: search, filters, an as-of slider, and an item's detail beside the list. */
export async function memoryView(main: HTMLElement, params: URLSearchParams): Promise<void> {
  const first = await get<Listing>("/api/items", { statuses: "active" })
  const range = first.range
  const q = h("input", { type: "search", placeholder: "search…", id: "q", value: params.get("q") ?? "" })
  const kind = h(
    "select",
    { id: "kind" },
    h("option", { value: "" }, "any kind"),
    ...first.kinds.map((k) => h("option", { value: k }, k)),
  )
  kind.value = params.get("kinds") ?? ""
  const scope = h(
    "select",
    { id: "scope" },
    ...["all", "branch", "project", "global"].map((s) => h("option", { value: s }, s === "all" ? "every scope" : s)),
  )
  const boxes = STATUSES.map((s) =>
    h("input", { type: "checkbox", value: s, checked: s === "active" || s === "pending" }),
  )
  const from = h("input", { type: "date", id: "from" })
  const to = h("input", { type: "date", id: "to" })
  const slider = h("input", { type: "range", id: "asof", min: 0, max: SLIDER_STEPS, value: SLIDER_STEPS, step: 1 })
  const asOfLabel = h("span", { class: "asof-label", id: "asof-label" }, "now")
  const list = h("div", { class: "list" })
  const detail = h("aside", { class: "detail" }, empty("Select an item to see its versions and audit trail."))

  const asOf = (): number | undefined => {
    const v = Number(slider.value)
    return v >= SLIDER_STEPS ? undefined : Math.round(range.min + ((range.max - range.min) * v) / SLIDER_STEPS)
  }
  const dayMs = (el: HTMLInputElement, end: boolean) =>
    el.value ? Date.parse(el.value) + (end ? 86_399_999 : 0) : undefined

  const refresh = async () => {
    const at = asOf()
    asOfLabel.textContent = at === undefined ? "now" : when(at)
    // a past time shows what was live then, whatever its status is now
    for (const b of boxes) b.disabled = at !== undefined
    const r = await get<Listing>("/api/items", {
      q: q.value,
      kinds: kind.value,
      scope: scope.value,
      statuses:
        boxes
          .filter((b) => b.checked)
          .map((b) => b.value)
          .join(",") || "active",
      asOf: at,
      from: dayMs(from, false),
      to: dayMs(to, true),
    })
    clear(
      list,
      h(
        "p",
        { class: "muted", id: "count" },
        `${r.items.length} item(s)${at !== undefined ? ` as known on ${when(at)}` : ""}`,
      ),
      r.unreadable ? h("p", { class: "panel bad" }, `${r.unreadable} record(s) could not be opened.`) : null,
      r.items.length
        ? h("table", { class: "grid items" }, itemHead(), h("tbody", {}, ...r.items.map((v) => itemRow(v, open))))
        : empty("Nothing matches."),
    )
  }

  const open = async (v: Item) => {
    const d = await get<Detail>("/api/item", { id: v.id })
    for (const tr of list.querySelectorAll("tr.selected")) tr.classList.remove("selected")
    list.querySelector(`tr[data-id="${CSS.escape(v.id)}"]`)?.classList.add("selected")
    const it = d.item
    clear(
      detail,
      h(
        "div",
        { class: "card-head" },
        badge(it.kind, "kind"),
        " ",
        badge(it.status),
        h("span", { class: "muted" }, ` ${it.scope} · from ${it.source}`),
      ),
      h("h2", { class: it.flagged ? "flagged" : "" }, it.title),
      h("pre", { class: "body" }, it.body),
      it.flagged ? h("p", { class: "note" }, "This text reads as an instruction; it is shown as data.") : null,
      h(
        "dl",
        { class: "facts" },
        h("dt", {}, "id"),
        h("dd", { class: "mono" }, it.id),
        h("dt", {}, "recorded"),
        h("dd", {}, when(it.recordedAt)),
        h("dt", {}, "valid"),
        h("dd", {}, `${when(it.validFrom)} → ${it.validTo ? when(it.validTo) : "now"}`),
        h("dt", {}, "confidence"),
        h("dd", {}, it.confidence.toFixed(2)),
        it.tags.length ? h("dt", {}, "tags") : null,
        it.tags.length ? h("dd", {}, it.tags.join(", ")) : null,
        it.entities.length ? h("dt", {}, "entities") : null,
        it.entities.length ? h("dd", {}, it.entities.join(", ")) : null,
      ),
      h("h3", {}, "Versions and supersede links"),
      d.versions.length || d.destroyedVersions
        ? h(
            "ul",
            { class: "versions" },
            ...d.versions.map((x) =>
              h(
                "li",
                {},
                badge(x.status),
                " ",
                h("span", {}, x.title),
                h("span", { class: "muted" }, ` · ${when(x.recordedAt)}`),
              ),
            ),
            d.destroyedVersions
              ? h("li", { class: "muted" }, `${d.destroyedVersions} forgotten version(s): content destroyed`)
              : null,
          )
        : empty("No other version."),
      h("h3", {}, "Audit trail"),
      h(
        "ul",
        { class: "audit" },
        ...d.audit.map((a) =>
          h(
            "li",
            {},
            h("span", { class: "mono" }, when(a.at)),
            ` ${a.action} by ${a.source}`,
            a.detail ? h("span", { class: "muted" }, ` (${a.detail})`) : null,
          ),
        ),
      ),
      h(
        "p",
        {},
        h("a", { class: "button danger", href: `#/forget?id=${encodeURIComponent(it.id)}` }, "Forget this item…"),
      ),
    )
  }

  for (const el of [kind, scope, from, to, ...boxes]) el.addEventListener("change", refresh)
  q.addEventListener("input", refresh)
  slider.addEventListener("input", refresh)
  clear(
    main,
    h("h1", {}, "Memory"),
    h(
      "div",
      { class: "filters" },
      q,
      kind,
      scope,
      h("span", { class: "checks" }, ...boxes.map((b) => h("label", {}, b, ` ${b.value}`))),
      h("label", {}, "from ", from),
      h("label", {}, "to ", to),
    ),
    h(
      "div",
      { class: "asof" },
      h("label", { for: "asof" }, "As of"),
      h("span", { class: "muted" }, day(range.min)),
      slider,
      h("span", { class: "muted" }, "now"),
      asOfLabel,
    ),
    h("div", { class: "split" }, list, detail),
  )
  await refresh()
}
