import { describe, expect, test } from "bun:test"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { egcBinary } from "./_binary"
import { prepareHome } from "./_installed-home"

/**
 * The one confirmation on a terminal: run `egc install` under `script` (a real pty), wait for the
 * question to appear, answer it, and see what was written.
 */
async function answer(
  key: string,
  env: Record<string, string>,
  cwd: string,
): Promise<{ code: number; output: string }> {
  const bin = await egcBinary()
  const proc = Bun.spawn(["script", "-qec", `stty cols 120 rows 40; '${bin}' install`, "/dev/null"], {
    cwd,
    env: { ...(process.env as Record<string, string>), ...env },
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
  })
  const timer = setTimeout(() => proc.kill(), 20_000)
  let output = ""
  let answered = false
  const decoder = new TextDecoder()
  const reader = proc.stdout.getReader()
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    output += decoder.decode(value, { stream: true })
    if (!answered && output.includes("Apply this plan")) {
      answered = true
      proc.stdin.write(`${key}\r`)
      proc.stdin.flush()
    }
  }
  const code = await proc.exited
  clearTimeout(timer)
  return { code, output }
}

describe.skipIf(!Bun.which("script"))("egc install on a terminal asks once", () => {
  test("answering no changes nothing", async () => {
    using h = prepareHome(["codex"])
    const r = await answer("n", h.env, h.project)
    expect(r.output).toContain("Apply this plan?")
    expect(r.output).toContain("nothing changed")
    expect(r.code).toBe(65)
    expect(existsSync(join(h.home, ".codex", "config.toml"))).toBe(false)
  }, 30_000)

  test("answering yes applies the plan", async () => {
    using h = prepareHome(["codex"])
    const r = await answer("y", h.env, h.project)
    expect(r.code).toBe(0)
    expect(r.output).toContain("Apply this plan?")
    expect(r.output).toContain("3 file(s) written")
    expect(existsSync(join(h.home, ".codex", "config.toml"))).toBe(true)
  }, 30_000)
})
