import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { buildBinary } from "../build"

/** Shared by the serve and mesh benchmarks: a fresh binary, an isolated home, a git project, stdio clients. */
export const ROOT = resolve(import.meta.dir, "../..")

export async function setup(name: string) {
  const base = mkdtempSync(join(tmpdir(), `egc-bench-${name}-`))
  // a binary per run is ~100 MB: leave nothing behind (EGC_BENCH_KEEP=1 keeps it for a look)
  if (process.env.EGC_BENCH_KEEP !== "1") process.on("exit", () => rmSync(base, { recursive: true, force: true }))
  const home = join(base, "home")
  const project = join(base, "project")
  mkdirSync(join(project, ".git", "refs", "heads"), { recursive: true })
  mkdirSync(join(project, ".git", "objects"), { recursive: true })
  writeFileSync(join(project, ".git", "HEAD"), "ref: refs/heads/main\n")
  mkdirSync(home, { recursive: true })
  const bin = await buildBinary({ outfile: join(base, "egc") })
  const env = { PATH: process.env.PATH ?? "", HOME: home, EGC_HOME: join(home, ".egc") }
  return { base, home, project, bin, env }
}

export async function client(
  bin: string,
  cwd: string,
  env: Record<string, string>,
  args = ["serve", "--tools", "full"],
) {
  const transport = new StdioClientTransport({ command: bin, args, cwd, env, stderr: "ignore" })
  const c = new Client({ name: "egc-bench", version: "1" })
  await c.connect(transport)
  const call = async (name: string, a: Record<string, unknown> = {}) => {
    const r = await c.callTool({ name, arguments: a })
    if (r.isError) throw new Error(JSON.stringify(r.content))
    return r.structuredContent as Record<string, any>
  }
  return { client: c, transport, call, pid: transport.pid!, close: () => c.close() }
}

export function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN
  return { n: s.length, min: s[0] ?? NaN, p50: at(0.5), p95: at(0.95), max: s.at(-1) ?? NaN }
}

export const fmt = (x: number) => x.toFixed(1)
export const row = (label: string, st: ReturnType<typeof stats>) =>
  `| ${label} | ${st.n} | ${fmt(st.p50)} | ${fmt(st.p95)} | ${fmt(st.min)} | ${fmt(st.max)} |`
