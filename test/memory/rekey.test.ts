import { describe, expect, test } from "bun:test"
import type { Project } from "../../src/core/project"
import { bench, person } from "./_setup"

/** Items stored under a mixed-case remote's old id follow the project to its folded id (issue 19). */
describe("project ids re-keyed after case folding", () => {
  test("items, tombstones and consent move to the new id, sealed for it; nothing stays readable under the old", () => {
    using b = bench()
    const current = b.project({ origin: "git@github.com:Org/Tool.git" })
    const oldId = current.aliases?.[0] ?? ""
    expect(oldId).not.toBe("")
    const legacy: Project = { ...current, id: oldId, aliases: undefined }
    const other = b.project({ origin: "https://github.com/org/other" })
    const ctx = { project: legacy, actor: person }
    expect(b.memory.write({ kind: "decision", title: "Use SQLite", body: "one file, WAL mode" }, ctx).outcome).toBe(
      "created",
    )
    expect(
      b.memory.write({ kind: "lesson", title: "Pin bun", body: "bun versions differ in sqlite" }, ctx).outcome,
    ).toBe("created")
    const gone = b.memory.write({ kind: "avoid", title: "No ORM", body: "raw SQL per faculty" }, ctx)
    expect(b.memory.forget({ project: legacy, id: gone.id }, person).forgotten).toEqual([gone.id ?? ""])
    b.memory.setPolicy({ project: legacy, policy: "review" }, person)
    b.memory.write(
      { kind: "decision", title: "Other project", body: "stays where it is" },
      { project: other, actor: person },
    )

    const moved = b.memory.list({ project: current, scope: "all" })
    expect(moved.map((v) => v.title).sort()).toEqual(["Pin bun", "Use SQLite"])
    expect(moved.unreadable).toEqual([])
    expect(b.memory.list({ project: legacy, scope: "all" }).length).toBe(0)
    expect(b.memory.list({ project: other, scope: "all" }).map((v) => v.title)).toEqual(["Other project"])
    // the forget's tombstone followed: the same text is refused under the new id
    const again = b.memory.write(
      { kind: "avoid", title: "No ORM", body: "raw SQL per faculty" },
      { project: current, actor: person },
    )
    expect(again.outcome).toBe("refused")
    expect(again.code).toBe("tombstoned")
    expect(b.memory.policy({ project: current })).toBe("review")
    const rows = b.memory.store.db.query("SELECT COUNT(*) AS n FROM memory_items WHERE project = ?").get(oldId) as {
      n: number
    }
    expect(rows.n).toBe(0)
    expect(b.memory.audit({ project: current }).some((a) => a.action === "rekey")).toBe(true)
    expect(b.memory.auditVerify().ok).toBe(true)
  })
})
