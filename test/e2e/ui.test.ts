import { describe, expect, test } from "bun:test"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { tmpdir } from "../fixture"
import { egcBinary, runEgc } from "./_binary"

/** `egc ui` from the compiled binary: the page's files are inside it, the token guards it, stdin's end stops it. */
async function start(cwd: string, args: string[] = []) {
  // the run's temp HOME/EGC_HOME, passed explicitly (as runEgc does)
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v
  const proc = Bun.spawn([await egcBinary(), "ui", "--no-open", ...args], {
    cwd,
    env,
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
  })
  const reader = proc.stdout.getReader()
  let out = ""
  while (!out.includes("\n")) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`egc ui exited: ${await new Response(proc.stderr).text()}`)
    out += new TextDecoder().decode(value)
  }
  reader.releaseLock()
  return { proc, url: new URL(out.split("\n")[0] as string) }
}

describe("egc ui (compiled binary)", () => {
  test("first stdout line is the URL; without the token refused; the embedded page and a change work; stdin's end stops it", async () => {
    using dir = tmpdir({ git: true })
    const project = resolveProject(dir.path)
    const memory = openMemory()
    const pending = memory.write(
      { kind: "note", body: "The release train leaves on Tuesdays" },
      { project, actor: { source: "hook:miner", sessionId: "s" } },
    ).id as string
    const { proc, url } = await start(dir.path)
    expect(url.hostname).toBe("127.0.0.1")
    const token = url.searchParams.get("t") as string
    expect(token.length).toBeGreaterThanOrEqual(32)
    const base = `${url.protocol}//${url.host}`
    expect((await fetch(`${base}/`)).status).toBe(401)
    expect((await fetch(`${base}/api/review`)).status).toBe(401)
    const page = await fetch(url)
    expect(page.status).toBe(200)
    const html = await page.text()
    const script = new URL(html.match(/src="([^"]+\.js)"/)?.[1] as string, `${base}/`).pathname
    const cookie = `egc_ui=${token}`
    expect((await fetch(`${base}${script}`)).status).toBe(401)
    const js = await fetch(`${base}${script}`, { headers: { cookie } })
    expect(js.status).toBe(200)
    expect(await js.text()).toContain("/api/review")
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/api/review`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ action: "approve", ids: [pending] }),
      })
    expect((await post({ cookie })).status).toBe(403)
    expect(memory.get({ project, id: pending })).toMatchObject({ status: "pending" })
    const approved = await post({ cookie, "x-egc-token": token })
    expect(approved.status).toBe(200)
    expect(await approved.json()).toMatchObject({ ok: true })
    expect(memory.get({ project, id: pending })).toMatchObject({ status: "active" })
    proc.stdin.end()
    expect(await proc.exited).toBe(0)
  })

  test("--detach keeps serving after stdin ends; a bad --port is a usage error", async () => {
    using dir = tmpdir({ git: true })
    const { proc, url } = await start(dir.path, ["--detach"])
    proc.stdin.end()
    // still answering after stdin closed: the request below is served by the same process
    expect((await fetch(url)).status).toBe(200)
    proc.kill("SIGTERM")
    expect(await proc.exited).toBe(0)
    const bad = await runEgc(["ui", "--no-open", "--port", "99999"], { cwd: dir.path })
    expect(bad.code).toBe(64)
    expect(bad.stderr).toContain("--port")
    expect((await runEgc(["ui", "--no-open", "--bogus"], { cwd: dir.path })).code).toBe(64)
  })
})
