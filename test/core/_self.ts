import { expect } from "bun:test"
import type { RunResult } from "../e2e/_binary"
import { git, repo } from "../mirror/_repo"

/**
 * Where core/self's argv ends up, read back from what egc wrote (the clean filter `egc mirror on` sets, the
 * command the pre-tool hook rewrites for the crusher), then run with `version`: the prefix must start this egc.
 */
type Egc = (args: string[], cwd: string, stdin?: string) => Promise<RunResult>

export async function selfPrefixes(egc: Egc): Promise<{ filter: string; rewrite: string }> {
  using r = repo({ "AGENTS.md": "# Agents\n" })
  expect((await egc(["mirror", "on"], r.path)).code).toBe(0)
  const filter = git(["config", "--get", "filter.egc-mirror.clean"], r.path).trim()
  expect(filter).toEndWith(" mirror clean")
  const payload = { session_id: "s", cwd: r.path, hook_event_name: "PreToolUse", tool_name: "Bash" }
  const hook = await egc(
    ["hook", "pre-tool", "--tool", "claude-code"],
    r.path,
    JSON.stringify({ ...payload, tool_input: { command: "npm test" } }),
  )
  expect(hook.code).toBe(0)
  const command = JSON.parse(hook.stdout).hookSpecificOutput.updatedInput.command as string
  expect(command).toEndWith(" crush -- npm test")
  return { filter: filter.slice(0, -" mirror clean".length), rewrite: command.slice(0, -" crush -- npm test".length) }
}

/** `<prefix> version` through a shell, as git and the coding tool run it. */
export function versionVia(prefix: string): string {
  const r = Bun.spawnSync(["sh", "-c", `${prefix} version`], { stdout: "pipe", stderr: "pipe" })
  expect(r.stderr.toString()).toBe("")
  expect(r.exitCode).toBe(0)
  return r.stdout.toString().trim()
}
