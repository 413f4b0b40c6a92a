import { join } from "node:path"

/**
 * Run a real coding tool once, as the hook suites do: a minimal environment (PATH, the test HOME,
 * the test's EGC_HOME, no colour) plus the tool's own variables, no stdin, output captured, and a
 * kill after 100 s so a hung client fails its test instead of the run.
 */
export async function runClient(
  argv: string[],
  opts: { cwd: string; home: string; env: Record<string, string> },
): Promise<{ code: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn(argv, {
    cwd: opts.cwd,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: opts.home,
      EGC_HOME: process.env.EGC_HOME ?? join(opts.home, ".egc"),
      NO_COLOR: "1",
      ...opts.env,
    },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  })
  const timer = setTimeout(() => proc.kill(), 100_000)
  const [code, stdout, stderr] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ])
  clearTimeout(timer)
  return { code, stdout, stderr }
}
