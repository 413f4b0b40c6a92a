import { describe, expect, test } from "bun:test"
import { renameSync } from "node:fs"
import { join } from "node:path"
import { tmpdir } from "../fixture"
import { newHome } from "./_home"

type Check = { name: string; status: string; detail: string }

describe("egc doctor checks the sync remote and key", () => {
  test("ok while the remote answers, a warning once it is gone, ok again without a team", async () => {
    using t = tmpdir()
    using p = tmpdir({ git: { origin: "https://github.com/org/doc" } })
    using q = tmpdir({ git: { origin: "https://github.com/org/solo" } })
    const bare = join(t.path, "team.git")
    Bun.spawnSync(["git", "init", "-q", "--bare", bare])
    const home = newHome("doctor")
    const init = await home.egc(["sync", "init", "--remote", bare, "--key-out", join(t.path, "k")], p.path)
    expect(init.code).toBe(0)
    const sync = async (cwd: string) =>
      (JSON.parse((await home.egc(["doctor", "--json"], cwd)).stdout) as Check[]).find((c) => c.name === "sync")
    expect((await sync(p.path))?.status).toBe("ok")
    expect((await sync(p.path))?.detail).toContain("remote answers")
    renameSync(bare, `${bare}.moved`)
    const gone = await sync(p.path)
    expect(gone?.status).toBe("warn")
    expect(gone?.detail).toContain("unreachable")
    expect((await sync(q.path))?.detail).toContain("no team remote")
  }, 90_000)
})
