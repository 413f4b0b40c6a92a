#!/usr/bin/env bun
/**
 * The README's test command (`npm test`): typecheck, build the host binary once, then run every
 * test (unit, integration and e2e against that binary). Extra arguments go to `bun test`.
 * Ends with a plain "N passed, N failed" line.
 */
import { join, resolve } from "node:path"
import { buildBinary } from "./build"

const ROOT = resolve(import.meta.dir, "..")
const extra = process.argv.slice(2)

async function step(
  name: string,
  cmd: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; output: string }> {
  process.stderr.write(`\n== ${name}\n`)
  const proc = Bun.spawn(cmd, { cwd: ROOT, stdout: "pipe", stderr: "pipe", env: { ...process.env, ...env } })
  let output = ""
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder()
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true })
      output += text
      sink.write(text)
    }
  }
  await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)])
  return { code: await proc.exited, output }
}

const tsc = await step("typecheck", [join(ROOT, "node_modules/.bin/tsc"), "--noEmit", "-p", "."])
// the formatter's check and the linter on every file (biome.json); `npm run format` fixes the first
const lint = await step("lint", [join(ROOT, "node_modules/.bin/biome"), "ci", "."])
if (tsc.code !== 0 || lint.code !== 0) {
  process.stdout.write("0 passed, 1 failed\n")
  process.exit(1)
}
process.stderr.write("\n== build\n")
const bin = await buildBinary({ outfile: join(ROOT, "dist", "egc") })
process.stderr.write(`built ${bin}\n`)
// bun test ignores bunfig.toml's timeout (it keeps 5 s), and a loaded 2-core machine needs more.
const timeout = extra.some((a) => a.startsWith("--timeout")) ? [] : ["--timeout", "30000"]
const tests = await step("bun test", [process.execPath, "test", ...timeout, ...extra], { EGC_TEST_BIN: bin })
const pass = Number(/(\d+) pass\b/.exec(tests.output)?.[1] ?? 0)
const fail = Number(/(\d+) fail\b/.exec(tests.output)?.[1] ?? 0)
process.stdout.write(`\n${pass} passed, ${fail} failed\n`)
process.exit(tests.code !== 0 || pass === 0 ? 1 : 0)
