const NS = "http://www.w3.org/2000/svg"

function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(NS, tag)
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v))
  if (text !== undefined) el.textContent = text
  return el
}

/** A labelled vertical bar chart in SVG; each bar has a <title> with its exact value. */
export function barChart(
  rows: Array<{ label: string; value: number }>,
  opts: { format: (n: number) => string; height?: number },
): SVGSVGElement {
  const height = opts.height ?? 220
  const barW = 40
  const gap = 18
  const left = 74
  const bottom = 28
  const width = Math.max(420, left + rows.length * (barW + gap) + gap)
  const max = Math.max(1, ...rows.map((r) => r.value))
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "img", class: "chart" })
  const top = 22
  const plot = height - bottom - top
  for (const f of [0, 0.5, 1]) {
    const y = top + plot * (1 - f)
    svg.append(s("line", { x1: left, x2: width, y1: y, y2: y, class: "gridline" }))
    svg.append(s("text", { x: left - 8, y: y + 4, "text-anchor": "end", class: "axis" }, opts.format(max * f)))
  }
  rows.forEach((r, i) => {
    const x = left + gap + i * (barW + gap)
    const h = (plot * r.value) / max
    const bar = s("rect", { x, y: top + plot - h, width: barW, height: Math.max(h, 1), rx: 3, class: "bar" })
    bar.append(s("title", {}, `${r.label}: ${opts.format(r.value)}`))
    svg.append(bar)
    svg.append(
      s(
        "text",
        { x: x + barW / 2, y: top + plot - h - 6, "text-anchor": "middle", class: "value" },
        opts.format(r.value),
      ),
    )
    svg.append(s("text", { x: x + barW / 2, y: height - bottom + 18, "text-anchor": "middle", class: "axis" }, r.label))
  })
  return svg
}
