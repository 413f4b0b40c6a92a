import page from "./page/index.html"

/** The page's files in memory: `bun build --compile` embeds the bundled HTML, JS and CSS in the binary. */
interface Asset {
  bytes: Uint8Array<ArrayBuffer>
  type: string
}

let cached: Promise<Map<string, Asset>> | undefined

export function loadAssets(): Promise<Map<string, Asset>> {
  cached ??= load()
  return cached
}

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  html: "text/html; charset=utf-8",
}
const typeOf = (path: string) => TYPES[path.split(".").pop() ?? ""] ?? "application/octet-stream"
const base = (path: string) => `/${path.split("/").pop()}`

async function load(): Promise<Map<string, Asset>> {
  const out = new Map<string, Asset>()
  if (page.files?.length) {
    // compiled binary: the bundle was made at build time and lives in the executable
    for (const f of page.files) {
      const key = f.loader === "html" ? "/" : base(f.path)
      out.set(key, { bytes: await Bun.file(f.path).bytes(), type: f.headers["content-type"] ?? typeOf(f.path) })
    }
    return out
  }
  // running from source: bundle the same entry now, in memory
  const built = await Bun.build({ entrypoints: [page.index], minify: true, target: "browser" })
  if (!built.success) throw new Error(`cannot bundle the page: ${built.logs.map(String).join("; ")}`)
  for (const o of built.outputs) {
    const key = o.path.endsWith(".html") ? "/" : base(o.path)
    out.set(key, { bytes: new Uint8Array(await o.arrayBuffer()), type: typeOf(o.path) })
  }
  return out
}
