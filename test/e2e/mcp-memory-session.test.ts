import { describe, expect, test } from "bun:test"
import { readFileSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { makeGitRepo, tmpdir } from "../fixture"
import { stdioClient } from "./_mcp"

/** A whole agent session through the compiled `egc serve`, as a coding tool runs it. */
describe("memory over stdio against the compiled binary", () => {
  test("state, decisions on a branch, search from another branch, a second project sees nothing, forget, review", async () => {
    using t = tmpdir()
    const env = { HOME: join(t.path, "home"), EGC_HOME: join(t.path, "egc") }
    const repo = join(t.path, "work", "shop")
    const git = makeGitRepo(repo, { origin: "https://github.com/acme/shop.git", branch: "feature/cart" })
    const unrelated = join(t.path, "clients", "work", "shop")
    makeGitRepo(unrelated, { branch: "main" })

    const a = await stdioClient(repo, { env })
    const names = (await a.client.listTools()).tools.map((x) => x.name)
    for (const n of [
      "get_state",
      "update_state",
      "store_decision",
      "search_history",
      "memory_recall",
      "memory_forget",
      "memory_review",
    ])
      expect(names).toContain(n)
    expect(a.client.getInstructions()).toContain("get_state")
    await a.call("update_state", {
      context: "Cart rewrite",
      decisions: [{ what: "Prices are integers in cents", why: "no float rounding" }],
      next: ["totals endpoint"],
    })
    const d = await a.call("store_decision", {
      decision: "Checkout uses idempotency keys",
      context: "double charges seen on retries",
      tags: ["payments"],
    })
    expect(d.outcome).toBe("created")
    await a.close()

    // same repository, another branch: project-wide history is there, the branch's context is not
    const { writeFileSync } = await import("node:fs")
    writeFileSync(join(git, "HEAD"), "ref: refs/heads/main\n")
    const b = await stdioClient(repo, { env })
    const found = await b.call("search_history", { query: "idempotency keys checkout" })
    expect(found.results.map((r: { title: string }) => r.title)).toContain("Checkout uses idempotency keys")
    expect(found.project).toBe("github.com/acme/shop")
    expect((await b.call("get_state")).state).not.toContain("Cart rewrite")

    // an unrelated repository sharing the path tail sees nothing
    const c = await stdioClient(unrelated, { env })
    expect((await c.call("search_history", { query: "idempotency keys checkout cents" })).results).toEqual([])
    expect((await c.call("get_state")).state).not.toContain("cents")
    await c.close()

    // forget: gone from search, refused when resubmitted
    await b.call("memory_forget", { id: d.id })
    expect((await b.call("search_history", { query: "idempotency" })).results).toEqual([])
    const again = await b.client.callTool({
      name: "store_decision",
      arguments: { decision: "Checkout uses idempotency keys", context: "double charges seen on retries" },
    })
    expect(again.isError).toBe(true)
    expect(JSON.stringify(again.content)).toContain("forgot")
    expect((await b.call("memory_review")).pending).toEqual([])
    await b.close()

    // nothing the user stored is readable in clear anywhere under EGC_HOME
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
      )
    for (const f of files(env.EGC_HOME)) {
      const bytes = readFileSync(f)
      for (const canary of ["Prices are integers", "Cart rewrite", "no float rounding", "totals endpoint"])
        expect({ f, leaked: bytes.includes(canary) }).toEqual({ f, leaked: false })
    }
  }, 60_000)
})
