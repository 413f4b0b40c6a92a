import { describe, expect, test } from "bun:test"
import { resolveProject } from "../../src/core/project"
import { claim } from "../../src/mesh"
import { meshChecks } from "../../src/mesh/doctor"
import { tmpdir } from "../fixture"
import { session } from "./_mesh"

describe("egc doctor, mesh lines", () => {
  test("reports a working wake-up and what is live in the project; outside a folder it fails with a fix", async () => {
    using dir = tmpdir({ git: true })
    const p = resolveProject(dir.path)
    claim(p, session(p), { pattern: "a.ts" })
    const [wake, state] = await meshChecks({ cwd: dir.path })
    expect(wake).toMatchObject({ name: "mesh wake", status: "ok" })
    expect(state).toMatchObject({
      name: "mesh",
      status: "ok",
      detail: "1 live session(s), 1 live claim(s) in this project",
    })
    const [, missing] = await meshChecks({ cwd: `${dir.path}/no-such-folder` })
    expect(missing).toMatchObject({ status: "fail" })
    expect(missing?.fix).toBeTruthy()
  })
})
