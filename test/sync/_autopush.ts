import { expect } from "bun:test"
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { spawnCaptured } from "../e2e/_binary"
import { tmpdir } from "../fixture"
import { newHome, type Home } from "./_home"

/**
 * `sync.autoPush`: the session-end hook starts `egc sync push` detached and returns without waiting.
 * The hook runs as `egc` from source (test/sync) or the compiled binary (test/e2e): the spawned push
 * must find its way back to the same egc either way.
 */
const REAL_GIT = Bun.which("git") ?? "/usr/bin/git"

function git(args: string[], cwd: string): string {
  const r = Bun.spawnSync([REAL_GIT, ...args], { cwd, stdout: "pipe", stderr: "pipe" })
  if (r.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr.toString()}`)
  return r.stdout.toString()
}

/** A `git` that waits (bounded) until the test opens the gate: the push cannot finish before the hook returned. */
function gatedGit(dir: string): { path: string; open: () => void } {
  const bin = join(dir, "bin")
  mkdirSync(bin)
  const gate = join(dir, "gate")
  const script = [
    "#!/bin/sh",
    "i=0",
    `while [ ! -e '${gate}' ]; do i=$((i+1)); [ "$i" -gt 600 ] && exit 1; sleep 0.05; done`,
    `exec '${REAL_GIT}' "$@"`,
    "",
  ].join("\n")
  writeFileSync(join(bin, "git"), script)
  chmodSync(join(bin, "git"), 0o755)
  return { path: `${bin}:${process.env.PATH ?? ""}`, open: () => writeFileSync(gate, "") }
}

async function sessionEnd(egc: string[], home: Home, cwd: string, path: string) {
  const stdin = JSON.stringify({ session_id: "s1", cwd, hook_event_name: "SessionEnd", reason: "exit" })
  return spawnCaptured([...egc, "hook", "session-end", "--tool", "claude-code"], {
    cwd,
    env: { EGC_HOME: home.path, PATH: path },
    stdin,
  })
}

/** Bounded wait for the spawned push's effect on the bare repository. */
async function waitFor(file: string, bound = 30_000): Promise<boolean> {
  for (let waited = 0; waited < bound; waited += 50) {
    if (existsSync(file)) return true
    await Bun.sleep(50)
  }
  return existsSync(file)
}

/** Off unless the person turns it on (a project file cannot); on, the hook returns and the push lands. */
export async function autoPushScenario(egc: string[]): Promise<void> {
  using t = tmpdir()
  const bare = join(t.path, "team.git")
  git(["init", "-q", "--bare", "-b", "main", bare], t.path)
  using project = tmpdir({ git: { origin: "https://github.com/acme/app.git" } })
  const home = newHome("autopush")
  const init = await home.egc(["sync", "init", "--remote", bare, "--key-out", join(t.path, "team.key")], project.path)
  expect(init.code).toBe(0)
  await home.act(project.path, [{ op: "write", kind: "decision", title: "Use SQLite", body: "one file, WAL" }])
  const gated = gatedGit(t.path)
  const pushLog = join(home.path, "logs", "sync-push.log")

  // a project file switching it on (untrusted) sends nothing
  mkdirSync(join(project.path, ".egc"))
  writeFileSync(join(project.path, ".egc", "config.json"), JSON.stringify({ sync: { autoPush: true } }))
  const refused = await sessionEnd(egc, home, project.path, gated.path)
  expect(refused.code).toBe(0)
  expect(refused.stdout).toContain("sync.autoPush")
  expect(existsSync(pushLog)).toBe(false)

  // the person's own config turns it on: the hook returns while git is still held at the gate
  writeFileSync(join(home.path, "config.json"), JSON.stringify({ sync: { autoPush: true } }))
  const started = await sessionEnd(egc, home, project.path, gated.path)
  expect(started.code).toBe(0)
  expect(readFileSync(pushLog, "utf8")).toContain("session end: egc sync push")
  expect(existsSync(join(bare, "refs", "heads", "main"))).toBe(false)
  gated.open()
  expect(await waitFor(join(bare, "refs", "heads", "main"))).toBe(true)
  const files = git(["ls-tree", "-r", "--name-only", "main"], bare).trim().split("\n")
  expect(files.filter((f) => f.endsWith(".egc"))).toHaveLength(1)
  // nothing readable in the remote
  expect(git(["log", "-p", "main"], bare)).not.toContain("Use SQLite")
}
