#!/usr/bin/env bun
/** Run every benchmark under scripts/bench/ in turn (each prints its own table). */
import { readdirSync } from "node:fs"
import { join } from "node:path"

const dir = import.meta.dir
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && !f.startsWith("_") && f !== "index.ts")
  .sort()) {
  process.stdout.write(`\n## ${file}\n\n`)
  const r = Bun.spawnSync([process.execPath, "run", join(dir, file)], { stdout: "inherit", stderr: "inherit" })
  if (r.exitCode !== 0) process.stdout.write(`(${file} exited ${r.exitCode})\n`)
}
