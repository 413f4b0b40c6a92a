import { describe, expect, test } from "bun:test"
import { world } from "./_seed"
import { seedTeam } from "./_team"

/** The page's team sync: what came from whom and when, over a real pull from a bare repository. */
describe("egc ui: team sync origins", () => {
  test("no team: said so; after a pull: the item, its author and time, and not our own items", async () => {
    await using w = await world()
    const read = async () => {
      const r = await fetch(`${w.base}/api/sync`, { headers: { cookie: `egc_ui=${w.server.token}` } })
      expect(r.status).toBe(200)
      return (await r.json()) as {
        team: { member: string; sent: number; pulledAt: number | null } | null
        received?: Array<{ id: string; from: string; at: number; title: string; status: string }>
      }
    }
    expect(await read()).toEqual({ team: null })
    const before = Date.now()
    using team = await seedTeam(w)
    const s = await read()
    expect(s.team?.member).toBe("alice@desk")
    expect(s.team?.sent).toBe(0)
    expect(s.team?.pulledAt).toBeGreaterThanOrEqual(before)
    expect(s.received).toHaveLength(1)
    const got = s.received?.[0]
    expect(got).toMatchObject({ from: "bob@laptop", title: team.title, status: "pending" })
    expect(got?.at).toBeGreaterThanOrEqual(before)
    // the item is the pulled one, waiting for review in this store; our own items are not "received"
    expect(w.memory.pending({ project: w.project }).map((v) => v.id)).toContain(got?.id as string)
    expect(s.received?.map((r) => r.title)).not.toContain("Use PostgreSQL")
    // the page needs the token for this too
    expect((await fetch(`${w.base}/api/sync`)).status).toBe(401)
  }, 120_000)
})
