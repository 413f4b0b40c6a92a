import { readFileSync } from "node:fs"
import { join } from "node:path"
import { joinTeam, pull, teamCtx } from "../../src/sync/surface"
import { tmpdir, type TmpDir } from "../fixture"
import { newHome } from "../sync/_home"
import type { World } from "./_seed"

/**
 * A teammate (bob, his own egc home in his own processes) pushes one decision to a bare team
 * repository; the world's person joins and pulls it through the real write layer.
 */
export async function seedTeam(w: World): Promise<{ title: string; [Symbol.dispose](): void }> {
  const t: TmpDir = tmpdir()
  const bare = join(t.path, "team.git")
  const run = (args: string[], cwd: string) => {
    const r = Bun.spawnSync(["git", ...args], { cwd, stdout: "pipe", stderr: "pipe" })
    if (r.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr.toString()}`)
  }
  run(["init", "-q", "--bare", bare], t.path)
  const origin = w.project.repo?.origin
  if (!origin) throw new Error("the world's project has no origin")
  using bobDir = tmpdir({ git: { origin } })
  const bob = newHome("ui-bob")
  const ok = async (args: string[]) => {
    const r = await bob.egc(args, bobDir.path)
    if (r.code !== 0) throw new Error(`egc ${args.join(" ")}: ${r.stderr}`)
  }
  const key = join(t.path, "team.key")
  await ok(["sync", "init", "--remote", bare, "--key-out", key, "--name", "bob@laptop"])
  const title = "Sessions live in Redis"
  await bob.act(bobDir.path, [{ op: "write", kind: "decision", title, body: "Redis 7, keys expire after a day" }])
  await ok(["sync", "push"])
  joinTeam(w.project, { remote: bare, key: readFileSync(key, "utf8"), member: "alice@desk" })
  pull(w.memory, teamCtx(w.project))
  return { title, [Symbol.dispose]: () => t[Symbol.dispose]() }
}
