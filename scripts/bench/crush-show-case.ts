#!/usr/bin/env bun
/** Prints the crusher's output for one corpus case (for reviewing filters): bun run … <case-id> */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { crush } from "../../src/crush/pipeline"
import { loadCases } from "../../test/crush/_score"

const id = process.argv[2]
const c = loadCases().find((x) => x.id === id)
if (!c) throw new Error(`no case ${id}`)
const input = new Uint8Array(readFileSync(join(import.meta.dir, "../../test/crush/corpus", c.input_file)))
const r = crush(input, {
  command: c.command,
  ...(c.exit_code === null ? {} : { exitCode: c.exit_code }),
  runId: "r_case",
})
process.stdout.write(`${r.output}\n--- ${r.mode} ${r.family} ${r.bytesIn} → ${r.bytesOut}\n`)
