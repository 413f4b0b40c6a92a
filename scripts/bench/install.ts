#!/usr/bin/env bun
/**
 * egc install / uninstall / doctor wall time on a home holding every tool's folder (22 targets,
 * user scope), plus a dry run against a 1 MB ~/.claude.json (diffs must stay cheap on big files).
 *   npx bun run scripts/bench/install.ts [--runs N]
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { TARGETS } from "../../src/install/targets"
import { row, setup, stats } from "./_util"

const runs = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 15
const { base, home, project, bin, env } = await setup("install")
const fullEnv = { ...env, XDG_CONFIG_HOME: join(home, ".config") }
const FOLDERS = [
  ".claude",
  ".codex",
  ".gemini",
  ".cursor",
  ".config/Code/User",
  ".copilot",
  ".codeium/windsurf",
  "Documents/Cline",
  ".kiro",
  ".aws/amazonq",
  ".qwen",
  ".config/opencode",
  ".config/zed",
  ".continue",
  ".config/goose",
  ".config/amp",
  ".gemini/antigravity",
  ".junie",
  ".trae",
  ".codebuddy",
  ".warp",
]
for (const f of FOLDERS) mkdirSync(join(home, f), { recursive: true })
writeFileSync(join(home, ".aider.conf.yml"), "model: gpt-4o\n")

const time = (args: string[]) => {
  const t = performance.now()
  const r = Bun.spawnSync([bin, ...args], { cwd: project, env: fullEnv, stdout: "pipe", stderr: "pipe" })
  const ms = performance.now() - t
  if (r.exitCode !== 0 && args[0] !== "doctor")
    throw new Error(`egc ${args.join(" ")} exited ${r.exitCode}: ${r.stderr}`)
  return ms
}

const samples: Record<string, number[]> = {
  "install --dry-run (plan + diffs)": [],
  "install --yes (fresh)": [],
  "install --yes (re-run, no change)": [],
  "doctor (all checks)": [],
  uninstall: [],
}
for (let i = 0; i < runs; i++) {
  samples["install --dry-run (plan + diffs)"]?.push(time(["install", "--dry-run"]))
  samples["install --yes (fresh)"]?.push(time(["install", "--yes"]))
  samples["install --yes (re-run, no change)"]?.push(time(["install", "--yes"]))
  samples["doctor (all checks)"]?.push(time(["doctor"]))
  samples.uninstall?.push(time(["uninstall"]))
}
const big = {
  mcpServers: {},
  projects: Object.fromEntries(
    Array.from({ length: 4000 }, (_, i) => [
      `/home/u/p${i}`,
      { allowedTools: [], history: [{ display: "x".repeat(200) }] },
    ]),
  ),
}
writeFileSync(join(home, ".claude.json"), JSON.stringify(big, null, 2))
const bigRuns = Array.from({ length: runs }, () => time(["install", "--dry-run", "--target", "claude-code"]))

const lines = [
  `egc install benchmark, ${TARGETS.length} targets detected in a temporary home, ${runs} runs each (ms):`,
  "",
  "| case | n | median | p95 | min | max |",
  "| --- | --- | --- | --- | --- | --- |",
  ...Object.entries(samples).map(([k, v]) => row(k, stats(v))),
  row("install --dry-run, 1 MB ~/.claude.json", stats(bigRuns)),
]
process.stdout.write(`${lines.join("\n")}\n`)
rmSync(base, { recursive: true, force: true })
