import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test"
import { copyFileSync, existsSync, mkdirSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { announce, claim, send } from "../../src/mesh"
import { tmpdir } from "../fixture"
import { world, type World } from "./_seed"
import { seedTeam } from "./_team"

/**
 * The page in a real browser: Debian's chromium driven by playwright-core. Each change made by
 * clicking is checked through the memory API; a screenshot of every page is kept under the test's
 * temp dir and copied to /tmp/egc-ui-shots/ for a person to look at.
 */
const CHROMIUM = "/usr/bin/chromium"
const present = existsSync(CHROMIUM)
if (!present) console.warn(`skipping the browser suite: ${CHROMIUM} is not installed (apt-get install chromium)`)
const SHOTS = "/tmp/egc-ui-shots"
setDefaultTimeout(60_000)

type Browser = import("playwright-core").Browser
type Page = import("playwright-core").Page

describe.skipIf(!present)("egc ui in chromium", () => {
  let browser: Browser
  let w: World
  let page: Page
  const shots = tmpdir()

  beforeAll(async () => {
    const { chromium } = await import("playwright-core")
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    })
    w = await world()
    announce(w.project, {
      id: "sess-claude-1",
      pid: process.pid,
      tool: "claude-code",
      cwd: w.dir.path,
      task: "refactor the orders service",
    })
    claim(w.project, "sess-claude-1", { pattern: "src/orders/**/*.ts", reason: "refactor in progress" })
    page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage()
    await page.goto(w.server.url)
  })

  afterAll(async () => {
    await browser?.close()
    await w?.[Symbol.asyncDispose]()
    mkdirSync(SHOTS, { recursive: true })
    for (const f of readdirSync(shots.path)) copyFileSync(join(shots.path, f), join(SHOTS, f))
    shots[Symbol.dispose]()
  })

  const shoot = (name: string) => page.screenshot({ path: join(shots.path, `${name}.png`), fullPage: true })
  const view = async (name: string) => {
    await page.goto(`${w.base}/#/${name}`)
    await page.locator(`nav a.active[data-view="${name.split("?")[0]}"]`).waitFor()
    await page.locator("main .loading").waitFor({ state: "detached" })
  }

  test("overview: counts of this project", async () => {
    await view("overview")
    await expect(
      page.locator(".stat", { hasText: "pending review" }).locator(".stat-value").textContent(),
    ).resolves.toBe("3")
    await expect(
      page.locator(".stat", { hasText: "open conflicts" }).locator(".stat-value").textContent(),
    ).resolves.toBe("1")
    await shoot("01-overview")
  })

  test("review: change a pending item's kind, then approve it; both reach the store", async () => {
    await view("review")
    const item = page.locator(`.review-item[data-id="${w.ids.pending}"]`)
    await item.locator(".kind-select").selectOption("constraint")
    await page.locator(".toast.show", { hasText: "edit" }).waitFor()
    expect(w.memory.get({ project: w.project, id: w.ids.pending })).toMatchObject({
      kind: "constraint",
      status: "pending",
    })
    await shoot("02-review")
    await page.locator(`.review-item[data-id="${w.ids.pending}"]`).getByRole("button", { name: "Approve" }).click()
    await page.locator(`.review-item[data-id="${w.ids.pending}"]`).waitFor({ state: "detached" })
    expect(w.memory.get({ project: w.project, id: w.ids.pending })).toMatchObject({
      kind: "constraint",
      status: "active",
    })
    // the keyboard: the next item (the oldest) is focused; e opens the editor, then save and approve
    await page.locator(`.review-item.focused[data-id="${w.ids.pending3}"]`).waitFor()
    await page.keyboard.press("e")
    await page.locator("#edit-title").fill("Lint before every push")
    await page.locator("#edit-kind").selectOption("constraint")
    await page.locator("#save-approve").click()
    await page.locator(`.review-item[data-id="${w.ids.pending3}"]`).waitFor({ state: "detached" })
    expect(w.memory.get({ project: w.project, id: w.ids.pending3 })).toMatchObject({
      kind: "constraint",
      title: "Lint before every push",
      status: "active",
    })
    // r rejects the one left
    await page.locator(`.review-item.focused[data-id="${w.ids.pending2}"]`).waitFor()
    await page.keyboard.press("r")
    await page.locator(`.review-item[data-id="${w.ids.pending2}"]`).waitFor({ state: "detached" })
    expect(w.memory.get({ project: w.project, id: w.ids.pending2 })).toMatchObject({ status: "rejected" })
  })

  test("conflicts: keep the new item", async () => {
    await view("conflicts")
    await shoot("03-conflicts")
    await page.locator(`.conflict[data-id="${w.ids.conflict}"] button[data-keep="new"]`).click()
    await page.getByText("No open conflicts.").waitFor()
    expect(w.memory.conflicts({ project: w.project })).toEqual([])
    expect(w.memory.get({ project: w.project, id: w.ids.conflictOld })).toMatchObject({ status: "superseded" })
  })

  test("memory: the as-of slider shows the past; detail has the audit trail", async () => {
    await view("memory")
    const rowOf = (id: string) => page.locator(`table.items tr[data-id="${id}"]`)
    await rowOf(w.ids.other).waitFor()
    await rowOf(w.ids.other).click()
    await page.locator(".detail ul.audit li", { hasText: "create" }).first().waitFor()
    await shoot("04-memory")
    await rowOf(w.ids.active).waitFor()
    // halfway through the ten days: only the preference recorded ten days ago was known
    await page.locator("#asof").fill("500")
    await rowOf(w.ids.active).waitFor({ state: "detached" })
    await rowOf(w.ids.other).waitFor()
    await expect(page.locator("#asof-label").textContent()).resolves.not.toBe("now")
    await shoot("04b-memory-as-of")
    await page.locator("#asof").fill("0")
    await page.getByText("Nothing matches.").waitFor()
    await page.locator("#asof").fill("1000")
    await rowOf(w.ids.active).waitFor()
    await expect(page.locator("#asof-label").textContent()).resolves.toBe("now")
  })

  test("forget: preview exactly what goes, confirm, and it is gone from the store", async () => {
    await view(`forget?id=${w.ids.other}`)
    await page.locator(`.forget-preview .card[data-id="${w.ids.other}"]`).waitFor()
    await expect(page.locator(".forget-preview .card").count()).resolves.toBe(1)
    await shoot("05-forget")
    expect(w.memory.get({ project: w.project, id: w.ids.other })).toMatchObject({ status: "active" })
    await page.locator("#forget-confirm").click()
    await page.locator("#forget-done").waitFor()
    expect(w.memory.list({ project: w.project, statuses: ["active"] }).map((v) => v.id)).not.toContain(w.ids.other)
    expect(w.memory.list({ project: w.project, statuses: ["active"] }).map((v) => v.id)).toContain(w.ids.active)
  })

  test("guard, savings: screenshots", async () => {
    await view("guard")
    await page.getByText("git.reset-hard").waitFor()
    await shoot("06-guard")
    await view("savings")
    await page.locator("#chart-family svg rect.bar").first().waitFor()
    await expect(page.locator("#chart-family svg rect.bar").count()).resolves.toBe(3)
    await shoot("07-savings")
  })

  test("told: sessions newest first; selecting one shows its injections newest first, as text", async () => {
    await view("told")
    const rows = page.locator("table.told-sessions tbody tr")
    await expect(rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-session")))).resolves.toEqual([
      w.told.newer,
      w.told.older,
    ])
    await page.locator(`tr[data-session="${w.told.older}"]`).click()
    const items = page.locator(".told-detail li.injection")
    await items.nth(1).waitFor()
    await expect(items.evaluateAll((lis) => lis.map((li) => li.getAttribute("data-event")))).resolves.toEqual([
      "prompt-submit",
      "session-start",
    ])
    // the injected text is shown as text: the markup in it makes no element and runs nothing
    const text = items.first().locator("pre.told-text")
    await expect(text.textContent()).resolves.toBe(w.told.markup)
    await expect(text.locator("b, img").count()).resolves.toBe(0)
    await expect(items.nth(1).locator("pre.told-text").textContent()).resolves.toContain("Use PostgreSQL")
    await expect(page.title()).resolves.toBe("egc · What the agent was told")
    expect(page.url()).toContain(`session=${w.told.older}`)
    await shoot("08-told")
    // the newer session alone: its one injection, not the other project's under the same session id
    await page.locator(`tr[data-session="${w.told.newer}"]`).click()
    await page.locator(".told-detail li.injection", { hasText: "fresh start" }).waitFor()
    await expect(items.count()).resolves.toBe(1)
    // the overview's card opens the session that was told something last
    await view("overview")
    await expect(page.locator("#last-told .stat-label").textContent()).resolves.toBe(
      "agent last told · session start · codex",
    )
    await page.locator("#last-told").click()
    await page.locator(`tr.selected[data-session="${w.told.newer}"]`).waitFor()
  })

  test("mesh: live sessions and claims, and a message arrives through server-sent events", async () => {
    await view("mesh")
    await page.getByText("refactor the orders service").waitFor()
    await page.getByText("src/orders/**/*.ts").waitFor()
    await page.locator(".live", { hasText: "live" }).waitFor()
    send(w.project, "sess-claude-1", { text: "orders refactor is done, claim released soon" })
    await page.locator("ul.messages li", { hasText: "orders refactor is done" }).waitFor({ timeout: 15_000 })
    await shoot("09-mesh")
  })

  test("team sync: what came from whom and when, the title as text", async () => {
    await view("sync")
    await page.getByText("This project has no team remote").waitFor()
    using team = await seedTeam(w)
    // the same address again changes no hash: go through another page so the view renders anew
    await view("overview")
    await view("sync")
    const row = page.locator("table.sync-received tbody tr")
    await row.first().waitFor()
    await expect(row.count()).resolves.toBe(1)
    await expect(row.locator("td.from").textContent()).resolves.toBe("bob@laptop")
    await expect(row.locator("td.title").textContent()).resolves.toBe(team.title)
    await expect(row.locator(".badge").textContent()).resolves.toBe("pending")
    await page.getByText("alice@desk").waitFor()
    await shoot("10-sync")
  })

  test("a request without the token fails in the browser too", async () => {
    const fresh = await browser.newContext()
    const other = await fresh.newPage()
    const res = await other.goto(`${w.base}/`)
    expect(res?.status()).toBe(401)
    const api = await other.goto(`${w.base}/api/overview`)
    expect(api?.status()).toBe(401)
    await fresh.close()
  })
})
