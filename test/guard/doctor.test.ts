import { expect, test } from "bun:test"
import { guardChecks } from "../../src/guard/doctor"
import { tmpdir } from "../fixture"

test("doctor: the parser loads, a known danger is denied and a harmless command allowed", async () => {
  using tmp = tmpdir({ git: true })
  const checks = await guardChecks({ cwd: tmp.path })
  expect(checks.map((c) => c.name)).toEqual(["guard parser", "guard rules"])
  for (const c of checks) expect(c).toMatchObject({ status: "ok" })
})
