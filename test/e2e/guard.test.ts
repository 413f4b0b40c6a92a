import { describe, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { chmodSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { tmpdir, writeFile } from "../fixture"
import { runEgc } from "./_binary"

/**
 * The compiled binary's guard surfaces. Commands that `egc guard --` really runs are harmless
 * (true, false, echo, ls, a script that exits 7) in a temp dir; dangerous strings are only checked.
 */
/**
 * Work a discard would lose (the guard allows reset --hard, clean -f and stash drops that lose
 * nothing): a staged new file, an untracked file and a stash ref. Only git add runs here.
 */
function withWork(root: string): void {
  writeFile(join(root, "staged.txt"), "staged\n")
  writeFile(join(root, "notes.txt"), "untracked\n")
  const add = spawnSync("git", ["add", "staged.txt"], { cwd: root })
  if (add.status !== 0) throw new Error(`git add failed: ${add.stderr}`)
  writeFile(join(root, ".git/refs/stash"), `${"0".repeat(40)}\n`)
}

describe("egc guard (compiled binary)", () => {
  test("check: exit 0 allow, 2 deny, 3 ask; the verdict on stdout", async () => {
    using tmp = tmpdir({ git: true })
    withWork(tmp.path)
    const allow = await runEgc(["guard", "check", "--no-record", "ls -la"], { cwd: tmp.path })
    expect(allow).toMatchObject({ code: 0, stdout: "allow\n" })
    const deny = await runEgc(["guard", "check", "--no-record", "git reset --hard"], { cwd: tmp.path })
    expect(deny.code).toBe(2)
    expect(deny.stdout).toContain("deny git.reset-hard")
    expect(deny.stdout).toContain("instead:")
    const ask = await runEgc(["guard", "check", "--no-record", "killall node"], { cwd: tmp.path })
    expect(ask.code).toBe(3)
    using clean = tmpdir({ git: true })
    expect(await runEgc(["guard", "check", "--no-record", "git reset --hard"], { cwd: clean.path })).toMatchObject({
      code: 0,
      stdout: "allow\n",
    })
  })

  test("check --json prints one verdict object", async () => {
    using tmp = tmpdir({ git: true })
    const r = await runEgc([
      "guard",
      "check",
      "--json",
      "--no-record",
      "--cwd",
      tmp.path,
      "git push --force origin main",
    ])
    expect(r.code).toBe(2)
    expect(JSON.parse(r.stdout)).toMatchObject({
      decision: "deny",
      rule: "git.push-force",
      alternative: "git push --force-with-lease",
    })
  })

  test("check --batch: one verdict per JSON line, in order; malformed lines ask", async () => {
    using tmp = tmpdir({ git: true })
    const lines = [
      JSON.stringify({ command: "git status", cwd: tmp.path }),
      "not json",
      JSON.stringify({ command: "rm -rf /" }),
      "",
      JSON.stringify({ command: "rm -rf build", cwd: tmp.path }),
      JSON.stringify({ cwd: tmp.path }),
    ]
    const r = await runEgc(["guard", "check", "--batch", "--no-record"], {
      cwd: tmp.path,
      stdin: `${lines.join("\n")}\n`,
    })
    expect(r.code).toBe(0)
    const out = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { decision: string; rule: string | null })
    expect(out.map((v) => v.decision)).toEqual(["allow", "ask", "deny", "allow", "ask"])
    expect(out[1]!.rule).toBe("input.malformed")
    expect(Object.keys(out[0]!)).toEqual(["decision", "rule", "reason", "alternative"])
  })

  test("-- runs an allowed command and keeps its exit code and output", async () => {
    using tmp = tmpdir({ git: true })
    const script = join(tmp.path, "exit7.sh")
    writeFileSync(script, "#!/bin/sh\necho from-script\nexit 7\n")
    chmodSync(script, 0o755)
    expect((await runEgc(["guard", "--", "true"], { cwd: tmp.path })).code).toBe(0)
    expect((await runEgc(["guard", "--", "false"], { cwd: tmp.path })).code).toBe(1)
    const echo = await runEgc(["guard", "--", "echo", "hello world"], { cwd: tmp.path })
    expect(echo).toMatchObject({ code: 0, stdout: "hello world\n" })
    const seven = await runEgc(["guard", "--", script], { cwd: tmp.path })
    expect(seven).toMatchObject({ code: 7, stdout: "from-script\n" })
    expect((await runEgc(["guard", "--", "egc-no-such-command-xyz"], { cwd: tmp.path })).code).toBe(127)
  })

  test("-- refuses a denied command with the reason on stderr and exit 2 (policy deny list, harmless command)", async () => {
    using tmp = tmpdir({ git: true })
    writeFile(join(tmp.path, ".egc/config.json"), JSON.stringify({ guard: { deny: ["echo forbidden-marker"] } }))
    const r = await runEgc(["guard", "--", "echo", "forbidden-marker"], { cwd: tmp.path })
    expect(r.code).toBe(2)
    expect(r.stdout).toBe("")
    expect(r.stderr).toContain("policy.deny")
  })

  test("-- on ask refuses without a terminal, and runs with --yes", async () => {
    using tmp = tmpdir({ git: true })
    const weird = "no-such-file-\x1b[2J"
    const refused = await runEgc(["guard", "--", "ls", weird], { cwd: tmp.path })
    expect(refused.code).toBe(3)
    expect(refused.stderr).toContain("input.hostile")
    const ran = await runEgc(["guard", "--yes", "--", "ls", weird], { cwd: tmp.path })
    expect(ran.code).not.toBe(3)
    expect(ran.stderr).not.toContain("not run without confirmation")
  })

  // Was: an untrusted project file turned rules off and allowed commands. Now it only tightens until `egc trust`.
  test("policy from the project config: loosening rule levels and the allowlist apply only once the person trusts the file", async () => {
    using tmp = tmpdir({ git: true })
    withWork(tmp.path)
    const config = join(tmp.path, ".egc/config.json")
    const text = JSON.stringify({
      guard: {
        rules: { "git.reset-hard": "ask", "proc.kill-by-name": "off" },
        allow: ["/^git clean -fdx$/"],
        deny: ["echo deny-marker"],
      },
    })
    writeFile(config, text)
    const check = (cmd: string) => runEgc(["guard", "check", "--no-record", cmd], { cwd: tmp.path })
    const untrusted = await check("git reset --hard")
    expect(untrusted.code).toBe(2)
    expect(untrusted.stderr).toContain("not trusted")
    expect(untrusted.stderr).toContain("guard.rules.proc.kill-by-name: off")
    expect((await check("killall node")).code).toBe(3)
    expect((await check("git clean -fdx")).code).toBe(2)
    expect((await check("echo deny-marker")).code).toBe(2)
    expect((await check("ls")).code).toBe(0)

    expect((await runEgc(["trust"], { cwd: tmp.path })).code).toBe(0)
    const trusted = await check("git reset --hard")
    expect(trusted.code).toBe(3)
    expect(trusted.stderr).toBe("")
    expect((await check("killall node")).code).toBe(0)
    expect((await check("git clean -fdx")).code).toBe(0)
    expect((await check("git clean -fd")).code).toBe(2)

    writeFileSync(config, `${text}\n`)
    expect((await check("git reset --hard")).code).toBe(2)
    expect((await check("killall node")).code).toBe(3)
  })

  // At the command line a broken config file is an error to fix (78), never an allow; hooks judge on
  // the defaults instead (test/faults/fault-table.test.ts).
  test("a broken config file is a configuration error naming the file; nothing is judged as allowed", async () => {
    using tmp = tmpdir({ git: true })
    writeFile(join(tmp.path, ".egc/config.json"), '{ "guard": { "enabled": false }')
    const r = await runEgc(["guard", "check", "--no-record", "git reset --hard"], { cwd: tmp.path })
    expect(r.code).toBe(78)
    expect(r.stdout).toBe("")
    expect(r.stderr).toContain(join(tmp.path, ".egc/config.json"))
    expect(r.stderr).toContain("not valid JSON")
    const ls = await runEgc(["guard", "check", "--no-record", "ls"], { cwd: tmp.path })
    expect(ls.code).toBe(78)
    writeFile(join(tmp.path, ".egc/config.json"), '{ "guard": { "protectedPaths": ["secret/"] } }')
    const ok = await runEgc(["guard", "check", "--no-record", "ls"], { cwd: tmp.path })
    expect(ok.code).toBe(0)
  })

  test("explain shows the commands found inside wrappers and the verdict", async () => {
    using tmp = tmpdir({ git: true })
    withWork(tmp.path)
    const r = await runEgc(["guard", "explain", "sudo env X=1 bash -c 'echo hi && git stash clear'"], { cwd: tmp.path })
    expect(r.code).toBe(2)
    expect(r.stdout).toContain("git stash clear  → deny git.stash-clear")
    expect(r.stdout).toContain("echo hi  → allow")
    expect(r.stdout).toContain("verdict: deny")
  })

  test("denies and asks are logged, encrypted, and listed by guard log", async () => {
    using tmp = tmpdir({ git: true })
    await using home = tmpdir()
    const env = { EGC_HOME: join(home.path, "egc"), EGC_SESSION_ID: "sess-42" }
    await runEgc(["guard", "check", "git branch -D topic"], { cwd: tmp.path, env })
    await runEgc(["guard", "check", "ls"], { cwd: tmp.path, env })
    const log = await runEgc(["guard", "log", "--json"], { cwd: tmp.path, env })
    expect(log.code).toBe(0)
    const events = JSON.parse(log.stdout) as Array<{ rule: string; command: string; session: string }>
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      rule: "git.branch-force-delete",
      command: "git branch -D topic",
      session: "sess-42",
    })
    const text = await runEgc(["guard", "log"], { cwd: tmp.path, env })
    expect(text.stdout).toContain("git.branch-force-delete")
    const db = await Bun.file(join(home.path, "egc", "egc.db"))
      .text()
      .catch(() => "")
    expect(db).not.toContain("git branch -D topic")
  })

  test("usage errors exit 64 on stderr", async () => {
    const r = await runEgc(["guard", "frobnicate"])
    expect(r.code).toBe(64)
    expect(r.stdout).toBe("")
  })
})
