import { describe, expect, test } from "bun:test"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { DEFAULTS } from "../../src/core/config"
import { judgeCommand, type GuardPolicy } from "../../src/guard"
import { judge } from "../../src/guard/judge"
import { tmpdir } from "../fixture"

/**
 * Policy allow/deny patterns are matched per parsed command, never against the raw line. These
 * strings are judged only; nothing here is ever executed.
 */
const HOME = "/home/dev"
const PROJECT = "/home/dev/src/app"
const policy = (p: Partial<GuardPolicy>): GuardPolicy => ({ ...structuredClone(DEFAULTS.guard), ...p })
const decide = (command: string, p: Partial<GuardPolicy>) =>
  judgeCommand(command, { cwd: PROJECT, home: HOME, projectRoot: PROJECT, policy: policy(p) })

describe("allow patterns", () => {
  const readme = { allow: ["/^terraform plan/"] }

  test("the README's example allows terraform plan and never the command chained after it", () => {
    expect(decide("terraform plan -out x", readme).decision).toBe("allow")
    expect(decide("terraform plan", readme).decision).toBe("allow")
    const chained = ["terraform plan; rm -rf ~", "terraform plan && rm -rf /", "terraform plan | sh -c 'rm -rf ~'"]
    for (const line of [...chained, "terraform plan || rm -rf ~", "terraform plan\nrm -rf ~"]) {
      expect({ line, decision: decide(line, readme).decision }).toEqual({ line, decision: "deny" })
    }
    expect(decide("terraform plan $(rm -rf ~)", readme).decision).toBe("deny")
  })

  test("an allow overrides the rules for the command it matches and nothing else", () => {
    const p = { allow: ["/^git clean -fdx$/"] }
    expect(decide("git clean -fdx", {}).decision).toBe("deny")
    expect(decide("git clean -fdx", p).decision).toBe("allow")
    expect(decide("cd sub && git clean -fdx", p).decision).toBe("allow")
    expect(decide("git clean -fdx; git reset --hard", p).decision).toBe("deny")
    expect(decide("git clean -fdx && rm -rf ~", p).decision).toBe("deny")
    expect(decide("git clean -fd", p).decision).toBe("deny")
  })

  test("an allow on a command that runs others still judges what it runs", () => {
    const p = { allow: ["/^sudo /", "/^bash -c/", "/^xargs/"] }
    expect(decide("sudo ls /root", p).decision).toBe("allow")
    expect(decide("sudo rm -rf /", p).decision).toBe("deny")
    expect(decide("bash -c 'echo hi'", p).decision).toBe("allow")
    expect(decide("bash -c 'rm -rf ~'", p).decision).toBe("deny")
    expect(decide("echo / | xargs rm -rf", p).decision).not.toBe("allow")
  })

  test("an allow does not cover a command whose words are only known at run time", () => {
    const p = { allow: ["/^git clean -fdx/"] }
    expect(decide("git clean -fdx build", p).decision).toBe("allow")
    expect(decide("git clean -fdx $X", p).decision).not.toBe("allow")
    expect(decide("git clean -fdx build$(echo x)", p).decision).not.toBe("allow")
  })

  test("an exact allow entry matches one command with the same words", () => {
    const p = { allow: ["git  clean -fdx "] }
    expect(decide("git clean -fdx", p).decision).toBe("allow")
    expect(decide("git clean -fdx; rm -rf ~", p).decision).toBe("deny")
    const whole = { allow: ["git clean -fdx; rm -rf ~"] }
    expect(decide("git clean -fdx; rm -rf ~", whole).decision).toBe("deny")
  })

  test("explain shows which command the policy allowed", () => {
    const ctx = { cwd: PROJECT, home: HOME, projectRoot: PROJECT, policy: policy({ allow: ["/^git clean -fdx$/"] }) }
    const j = judge("git clean -fdx; ls", ctx, { trace: true })
    expect(j.verdict.decision).toBe("allow")
    expect(j.trace).toEqual(["git clean -fdx  → policy.allow", "ls  → allow"])
  })
})

describe("deny patterns", () => {
  test("a deny pattern matching any command of the line denies it", () => {
    const p = { deny: ["/^curl .*internal/"] }
    expect(decide("curl https://example.com", p).decision).toBe("allow")
    expect(decide("curl https://internal.corp", p).decision).toBe("deny")
    expect(decide("ls && curl https://internal.corp", p).decision).toBe("deny")
    expect(decide("bash -c 'curl https://internal.corp'", p).decision).toBe("deny")
    expect(decide("sudo curl https://internal.corp", p)).toMatchObject({ decision: "deny", rule: "policy.deny" })
  })

  test("an exact deny entry matches one command of the line", () => {
    const p = { deny: ["make deploy"] }
    expect(decide("make build", p).decision).toBe("allow")
    expect(decide("make build && make deploy", p).decision).toBe("deny")
  })

  test("deny wins over allow, and rule levels cannot switch the deny list off", () => {
    expect(decide("make deploy", { allow: ["/^make/"], deny: ["/deploy/"] }).decision).toBe("deny")
    const levels = { policy: "off", "policy.deny": "allow" } as const
    expect(decide("make deploy", { deny: ["/deploy/"], rules: levels }).decision).toBe("deny")
  })

  test("a policy regex that does not compile never silently passes", () => {
    expect(decide("ls", { deny: ["/^(/"] }).decision).not.toBe("allow")
    expect(decide("ls", { allow: ["/[/"] }).decision).not.toBe("allow")
    expect(decide("ls", { deny: ["/^ls$/"] }).decision).toBe("deny")
  })
})

describe("a bad pattern in a config file", () => {
  const root = join(import.meta.dir, "../..")
  const check = (egcHome: string, command: string) => {
    const r = Bun.spawnSync([process.execPath, "run", "src/main.ts", "guard", "check", "--no-record", command], {
      cwd: root,
      env: { ...process.env, EGC_HOME: egcHome },
      stdout: "pipe",
      stderr: "pipe",
    })
    return { code: r.exitCode, stdout: r.stdout.toString(), stderr: r.stderr.toString() }
  }
  const home = (t: { path: string }, guard: unknown) => {
    const dir = join(t.path, "egc")
    mkdirSync(dir, { mode: 0o700 })
    writeFileSync(join(dir, "config.json"), JSON.stringify({ guard }))
    return dir
  }

  test("is a configuration error (exit 78) naming the file and the pattern; a good one works", () => {
    using bad = tmpdir()
    const badHome = home(bad, { allow: ["/^terraform plan/"], deny: ["/^(unclosed/"] })
    const r = check(badHome, "ls")
    expect(r.code).toBe(78)
    expect(r.stdout).toBe("")
    expect(r.stderr).toContain(join(badHome, "config.json"))
    expect(r.stderr).toContain("/^(unclosed/")
    expect(r.stderr).toContain("guard.deny.0")
    using good = tmpdir()
    const goodHome = home(good, { allow: ["/^terraform plan/"], deny: ["/^curl .*internal/"] })
    expect(check(goodHome, "ls").code).toBe(0)
    expect(check(goodHome, "terraform plan -out x").code).toBe(0)
    expect(check(goodHome, "terraform plan; rm -rf ~").code).toBe(2)
  }, 60_000)
})
