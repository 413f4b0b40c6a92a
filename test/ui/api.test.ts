import { describe, expect, test } from "bun:test"
import { runHook } from "../../src/hooks"
import { world, type World } from "./_seed"

/** In-process: the page's HTTP surface over a populated store, each change checked through the memory API. */
const asked = (w: World, path: string, init: RequestInit = {}) => fetch(`${w.base}${path}`, init)
const withCookie = (w: World, extra: Record<string, string> = {}) => ({ cookie: `egc_ui=${w.server.token}`, ...extra })
const change = (
  w: World,
  path: string,
  body: unknown,
  headers: Record<string, string> = withCookie(w, { "x-egc-token": w.server.token }),
) =>
  asked(w, path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  })

describe("egc ui: the token", () => {
  test("a request without the token is refused; the same request with it (query or cookie) is answered", async () => {
    await using w = await world()
    expect((await asked(w, "/")).status).toBe(401)
    expect((await asked(w, "/api/overview")).status).toBe(401)
    expect((await asked(w, "/api/overview?t=wrong-token")).status).toBe(401)
    expect((await asked(w, "/api/overview", { headers: { cookie: "egc_ui=wrong" } })).status).toBe(401)
    const page = await asked(w, `/?t=${w.server.token}`)
    expect(page.status).toBe(200)
    expect(page.headers.get("set-cookie")).toContain("SameSite=Strict")
    expect(page.headers.get("set-cookie")).toContain("HttpOnly")
    expect(await page.text()).toContain("<main")
    const o = await asked(w, "/api/overview", { headers: withCookie(w) })
    expect(o.status).toBe(200)
    expect(((await o.json()) as { pending: number }).pending).toBe(3)
  })

  test("the page's scripts are served only with the token too", async () => {
    await using w = await world()
    const html = await (await asked(w, `/?t=${w.server.token}`)).text()
    const src = html.match(/src="([^"]+\.js)"/)?.[1] as string
    expect(src).toBeDefined()
    const script = new URL(src, `${w.base}/`).pathname
    expect((await asked(w, script)).status).toBe(401)
    const ok = await asked(w, script, { headers: withCookie(w) })
    expect(ok.status).toBe(200)
    expect(ok.headers.get("content-type")).toContain("javascript")
  })

  test("no CORS headers, a strict content policy, and a foreign Host is refused", async () => {
    await using w = await world()
    const r = await asked(w, "/api/overview", { headers: withCookie(w, { origin: "https://evil.example" }) })
    expect(r.status).toBe(200)
    for (const [k] of r.headers) expect(k.startsWith("access-control-")).toBe(false)
    expect(r.headers.get("content-security-policy")).toContain("default-src 'none'")
    const pre = await asked(w, "/api/review", {
      method: "OPTIONS",
      headers: withCookie(w, { origin: "https://evil.example", "access-control-request-method": "POST" }),
    })
    expect(pre.status).toBe(405)
    expect(pre.headers.get("access-control-allow-origin")).toBeNull()
    const rebound = await fetch(`${w.base}/api/overview`, { headers: withCookie(w, { host: "evil.example" }) })
    expect(rebound.status).toBe(403)
  })
})

describe("egc ui: changes need the header and the cookie", () => {
  test("approve without the X-Egc-Token header, or without the cookie, or from another origin changes nothing; with both it approves", async () => {
    await using w = await world()
    const body = { action: "approve", ids: [w.ids.pending] }
    expect((await change(w, "/api/review", body, withCookie(w))).status).toBe(403)
    expect([401, 403]).toContain((await change(w, "/api/review", body, { "x-egc-token": w.server.token })).status)
    expect(
      (
        await change(
          w,
          "/api/review",
          body,
          withCookie(w, { "x-egc-token": w.server.token, origin: "https://evil.example" }),
        )
      ).status,
    ).toBe(403)
    expect((await change(w, "/api/review", body, withCookie(w, { "x-egc-token": "nope" }))).status).toBe(403)
    expect(w.memory.pending({ project: w.project }).map((v) => v.id)).toContain(w.ids.pending)
    const ok = await change(w, "/api/review", body)
    expect(ok.status).toBe(200)
    expect(w.memory.pending({ project: w.project }).map((v) => v.id)).not.toContain(w.ids.pending)
    expect(w.memory.get({ project: w.project, id: w.ids.pending })).toMatchObject({ status: "active" })
    const audit = w.memory.audit({ project: w.project, item: w.ids.pending })
    expect(audit.some((a) => a.action === "approve" && a.source === "dashboard")).toBe(true)
  })
})

describe("egc ui: each change goes through the write layer", () => {
  test("edit changes the kind and keeps the item pending; approve with edits; reject; bulk approve", async () => {
    await using w = await world()
    const edited = await change(w, "/api/review", {
      action: "edit",
      ids: [w.ids.pending],
      edits: { kind: "constraint" },
    })
    expect(edited.status).toBe(200)
    expect(w.memory.get({ project: w.project, id: w.ids.pending })).toMatchObject({
      kind: "constraint",
      status: "pending",
    })
    const bad = await (
      await change(w, "/api/review", { action: "edit", ids: [w.ids.pending], edits: { kind: "Not A Kind" } })
    ).json()
    expect(bad).toMatchObject({ ok: false })
    expect(w.memory.get({ project: w.project, id: w.ids.pending })).toMatchObject({ kind: "constraint" })
    await change(w, "/api/review", {
      action: "approve",
      ids: [w.ids.pending],
      edits: { title: "Friday deploy freeze" },
    })
    expect(w.memory.get({ project: w.project, id: w.ids.pending })).toMatchObject({
      status: "active",
      title: "Friday deploy freeze",
      kind: "constraint",
    })
    await change(w, "/api/review", { action: "reject", ids: [w.ids.pending2] })
    expect(w.memory.get({ project: w.project, id: w.ids.pending2 })).toMatchObject({ status: "rejected" })
    const r = (await (await change(w, "/api/review", { action: "approve", ids: [w.ids.active] })).json()) as {
      ok: boolean
    }
    expect(r.ok).toBe(false)
  })

  test("a conflict is resolved keeping the new item", async () => {
    await using w = await world()
    const list = (await (await asked(w, "/api/conflicts", { headers: withCookie(w) })).json()) as Array<{
      id: string
      newItem: { body: string }
      oldItem: { body: string }
    }>
    expect(list.map((c) => c.id)).toEqual([w.ids.conflict])
    expect(list[0]?.newItem.body).toBe("Cache TTL is 300 seconds")
    expect(list[0]?.oldItem.body).toBe("Cache TTL is 60 seconds")
    expect((await change(w, "/api/conflicts/resolve", { id: w.ids.conflict, keep: "sideways" })).status).toBe(400)
    expect(w.memory.conflicts({ project: w.project }).length).toBe(1)
    expect((await change(w, "/api/conflicts/resolve", { id: w.ids.conflict, keep: "new" })).status).toBe(200)
    expect(w.memory.conflicts({ project: w.project }).length).toBe(0)
    expect(w.memory.get({ project: w.project, id: w.ids.conflictOld })).toMatchObject({ status: "superseded" })
  })

  test("forget: the preview names exactly what goes; a confirmation that differs is refused; the confirmed one forgets", async () => {
    await using w = await world()
    const copy = w.memory.write(
      { kind: "note", body: "We use PostgreSQL 16 for the orders service" },
      { project: w.project, actor: { source: "cli" } },
    ).id as string
    const p = (await (await change(w, "/api/forget/preview", { id: w.ids.active })).json()) as {
      items: Array<{ id: string }>
    }
    expect(p.items.map((v) => v.id).sort()).toEqual([w.ids.active, copy].sort())
    expect(w.memory.get({ project: w.project, id: w.ids.active })).toMatchObject({ status: "active" })
    const partial = await change(w, "/api/forget", { id: w.ids.active, confirm: [w.ids.active] })
    expect(partial.status).toBe(409)
    expect(w.memory.get({ project: w.project, id: w.ids.active })).toMatchObject({ status: "active" })
    const done = await change(w, "/api/forget", { id: w.ids.active, confirm: p.items.map((v) => v.id) })
    expect(done.status).toBe(200)
    expect(w.memory.list({ project: w.project, statuses: ["active"] }).map((v) => v.id)).not.toContain(w.ids.active)
    expect(w.memory.list({ project: w.project, statuses: ["active"] }).map((v) => v.id)).toContain(w.ids.other)
    const again = w.memory.write(
      { kind: "note", body: "We use PostgreSQL 16 for the orders service" },
      { project: w.project, actor: agent() },
    )
    expect(again).toMatchObject({ outcome: "refused", code: "tombstoned" })
  })
})

describe("egc ui: read views", () => {
  test("items: search, kind filter and the as-of time", async () => {
    await using w = await world()
    const get = async (q: string) =>
      (
        (await (await asked(w, `/api/items?${q}`, { headers: withCookie(w) })).json()) as {
          items: Array<{ id: string }>
        }
      ).items.map((v) => v.id)
    expect(await get("q=PostgreSQL")).toContain(w.ids.active)
    expect(await get("q=PostgreSQL")).not.toContain(w.ids.other)
    expect(await get("kinds=preference")).toEqual([w.ids.other])
    expect(await get("statuses=pending")).toContain(w.ids.pending)
    expect(await get("statuses=active")).not.toContain(w.ids.pending)
    expect(await get("asOf=1000")).toEqual([])
    expect(await get(`asOf=${Date.now() + 1000}`)).toContain(w.ids.active)
    expect((await asked(w, "/api/items?scope=nowhere", { headers: withCookie(w) })).status).toBe(400)
    const d = (await (await asked(w, `/api/item?id=${w.ids.active}`, { headers: withCookie(w) })).json()) as {
      item: { id: string }
      audit: Array<{ action: string }>
    }
    expect(d.item.id).toBe(w.ids.active)
    expect(d.audit.map((a) => a.action)).toContain("create")
  })

  test("guard, savings, told and mesh answer from their faculties", async () => {
    await using w = await world()
    const j = async <T>(p: string) => (await (await asked(w, p, { headers: withCookie(w) })).json()) as T
    const guard =
      await j<Array<{ decision: string; rule: string; reason: string; alternative: string | null }>>("/api/guard")
    expect(guard.map((e) => e.decision).sort()).toEqual(["ask", "deny"])
    expect(guard.find((e) => e.decision === "deny")).toMatchObject({
      rule: "git.reset-hard",
      reason: "discards uncommitted changes",
    })
    expect(guard.find((e) => e.decision === "deny")?.alternative).toBeTruthy()
    const s = await j<{ byFamily: Array<{ key: string; bytes: number }>; byDay: unknown[] }>("/api/savings")
    expect(s.byFamily.map((f) => f.key).sort()).toEqual(["build", "git", "test"])
    expect(s.byFamily.find((f) => f.key === "build")?.bytes).toBe(116_000)
    expect(s.byDay.length).toBeGreaterThanOrEqual(2)
    expect((await j<Array<{ session: string }>>("/api/told")).map((t) => t.session)).toEqual([
      w.told.newer,
      w.told.older,
    ])
    expect(await j<{ peers: unknown[] }>("/api/mesh")).toMatchObject({ peers: [], claims: [] })
  })
})

describe("egc ui: what the agent was told", () => {
  type Session = { session: string; tool: string; started: number; last: number; count: number }
  type Injection = { event: string; tool: string; text: string; truncated: boolean; at: number }
  const j = async <T>(w: World, p: string) => (await (await asked(w, p, { headers: withCookie(w) })).json()) as T
  const injections = async (w: World, session: string) =>
    (await j<{ injections: Injection[] }>(w, `/api/told/session?session=${encodeURIComponent(session)}`)).injections

  test("sessions newest first with tool, start and count; one session's injections newest first, text verbatim", async () => {
    await using w = await world()
    const sessions = await j<Session[]>(w, "/api/told")
    expect(sessions.map((s) => [s.session, s.tool, s.count])).toEqual([
      [w.told.newer, "codex", 1],
      [w.told.older, "claude-code", 2],
    ])
    const older = sessions[1] as Session
    expect(older.last - older.started).toBe(60_000)
    const told = await injections(w, w.told.older)
    expect(told.map((t) => t.event)).toEqual(["prompt-submit", "session-start"])
    expect(told[0]?.text).toBe(w.told.markup)
    expect(told[1]?.text).toContain("Use PostgreSQL")
    // the same session id told something in another project: not this project's record
    expect((await injections(w, w.told.newer)).map((t) => t.text)).toEqual(["## Project state\nfresh start"])
    expect(await injections(w, "no-such-session")).toEqual([])
    expect((await asked(w, "/api/told/session", { headers: withCookie(w) })).status).toBe(400)
    expect((await asked(w, `/api/told/session?session=${w.told.older}`)).status).toBe(401)
  })

  test("the real session-start hook's injection reaches the page, and the overview's card names it", async () => {
    await using w = await world()
    const before = await j<{ told: { last: { session: string; event: string } | null } }>(w, "/api/overview")
    expect(before.told.last).toMatchObject({ session: w.told.newer, event: "session-start" })
    const payload = {
      session_id: "sess-live-hook",
      hook_event_name: "SessionStart",
      source: "startup",
      cwd: w.dir.path,
    }
    const r = await runHook("session-start", "claude-code", {
      payload: { text: JSON.stringify(payload), truncated: false },
      bin: "/bin/egc",
    })
    const context = JSON.parse(r.stdout).hookSpecificOutput.additionalContext as string
    expect(context).toContain("Use PostgreSQL")
    const sessions = await j<Session[]>(w, "/api/told")
    expect(sessions[0]).toMatchObject({ session: "sess-live-hook", tool: "claude-code", count: 1 })
    expect((await injections(w, "sess-live-hook")).map((t) => [t.event, t.text])).toEqual([["session-start", context]])
    const after = await j<typeof before>(w, "/api/overview")
    expect(after.told.last).toMatchObject({ session: "sess-live-hook", event: "session-start", tool: "claude-code" })
  })
})

const agent = () => ({ source: "agent" as const, sessionId: "s-2", tool: "claude-code" })
