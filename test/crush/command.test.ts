import { describe, expect, test } from "bun:test"
import { DEFAULTS } from "../../src/core/config"
import { familyOf, rewriteForCrush } from "../../src/crush"
import { parseShell } from "../../src/core/shell/parse"
import { programWords } from "../../src/crush/command"

describe("familyOf", () => {
  const table: Array<[string, string | undefined]> = [
    ["git status", "git"],
    ["git -C repo log --oneline", "git"],
    ["gh pr list", "git"],
    ["npx jest --ci", "test"],
    ["bunx vitest run", "test"],
    ["pnpm exec vitest", "test"],
    ["uv run pytest -x", "test"],
    ["poetry run pytest", "test"],
    ["python -m pytest tests/", "test"],
    ["bun test", "test"],
    ["node --test", "test"],
    ["go test ./...", "test"],
    ["cargo nextest run", "test"],
    ["./gradlew test", "test"],
    ["mvn -q verify", "test"],
    ["dotnet test", "test"],
    ["npm test", "test"],
    ["npm run test:unit", "test"],
    ["tsc --noEmit", "build"],
    ["npx eslint .", "build"],
    ["cargo clippy", "build"],
    ["go vet ./...", "build"],
    ["npm run build", "build"],
    ["mvn install", "build"],
    ["npm install", "pkg"],
    ["pnpm add zod", "pkg"],
    ["pip install -r requirements.txt", "pkg"],
    ["apt-get install -y curl", "pkg"],
    ["go mod tidy", "pkg"],
    ["cargo install ripgrep", "pkg"],
    ["grep -rn 'require(' src", "listing"],
    ["rg TODO", "listing"],
    ["sort app.log", "logs"],
    ["sort names.txt", "generic"],
    ["docker build .", "infra"],
    ["kubectl get pods", "infra"],
    ["terraform plan", "infra"],
    ["docker logs api", "logs"],
    ["kubectl logs api-0", "logs"],
    ["kubectl get pods -o json", "json"],
    ["gh pr list --json number,title", "json"],
    ["jq . data.json", "json"],
    ["ls -la", "listing"],
    ["find . -name '*.ts'", "listing"],
    ["du -sh *", "listing"],
    ["tail -n 100 app.log", "logs"],
    ["FOO=1 BAR=2 npx --yes jest", "test"],
    ["cd web && npm test", "test"],
    ["sudo apt install jq", "pkg"],
    ["echo hello", "generic"],
    ["", undefined],
  ]
  for (const [command, family] of table)
    test(`${command || "(empty)"} → ${family}`, () => expect(familyOf(command)).toBe(family as never))
})

describe("command parsing", () => {
  test("quotes, escapes and operators (the guard's parser, core/shell)", () => {
    const script = parseShell(`git commit -m "a \\"b\\" c" && echo 'x y'`)
    const words = script.pipelines.map((p) => (p.commands[0]?.type === "simple" ? p.commands[0].words : []))
    expect(words.map((ws) => ws.map((w) => w.text))).toEqual([
      ["git", "commit", "-m", 'a "b" c'],
      ["echo", "x y"],
    ])
    expect(script.pipelines.map((p) => p.next?.op)).toEqual(["&&", undefined])
    expect(parseShell("echo 'unterminated").errors).toEqual(["unterminated single quote"])
  })
  test("text the parser recovers from is read as plain words, so a filter still applies", () => {
    expect(programWords("npx jest 'unterminated")).toEqual(["jest", "'unterminated"])
    expect(familyOf("npx jest 'unterminated")).toBe("test")
    expect(programWords("npx jest 'terminated'")).toEqual(["jest", "terminated"])
  })
  test("cd prefixes are skipped, other list operators end the command", () => {
    expect(programWords("cd a && cd 'b c' ; cargo test")).toEqual(["cargo", "test"])
    expect(programWords("cd a || cargo test")).toEqual(["cd", "a"])
    expect(programWords("cd a | cargo test")).toEqual(["cd", "a"])
    expect(programWords("cd a &&")).toEqual([])
    expect(programWords("(cargo test)")).toEqual([])
  })
  test("wrappers peel to the real program", () => {
    expect(programWords("env -i FOO=1 timeout 30 npx -y jest -w 2")).toEqual(["jest", "-w", "2"])
    expect(programWords("/usr/local/bin/cargo test")).toEqual(["cargo", "test"])
  })
})

describe("rewriteForCrush", () => {
  const opts = { bin: "/opt/egc tools/egc", config: DEFAULTS.crush }
  const bin = "'/opt/egc tools/egc'"
  test("rewrites commands whose family benefits, keeping the text the host shell will parse", () => {
    expect(rewriteForCrush("git status", opts)).toBe(`${bin} crush -- git status`)
    expect(rewriteForCrush("npx jest --ci 'src/a b.test.ts'", opts)).toBe(
      `${bin} crush -- npx jest --ci 'src/a b.test.ts'`,
    )
    expect(rewriteForCrush("cd web && npm test", opts)).toBe(`cd web && ${bin} crush -- npm test`)
    expect(rewriteForCrush("FOO=1 cargo test", opts)).toBe(`${bin} crush -- env FOO=1 cargo test`)
    expect(rewriteForCrush("pytest 2>&1", opts)).toBe(`${bin} crush -- pytest`)
    expect(rewriteForCrush("cd 'my web' && FOO=1 npm test 2>&1", opts)).toBe(
      `cd 'my web' && ${bin} crush -- env FOO=1 npm test`,
    )
    expect(rewriteForCrush("cargo test # all", opts)).toBe(`${bin} crush -- cargo test # all`)
    // short flags that mean something else for these programs
    expect(rewriteForCrush("docker build -t app .", opts)).toBe(`${bin} crush -- docker build -t app .`)
    expect(rewriteForCrush("npx jest -w 2", opts)).toBe(`${bin} crush -- npx jest -w 2`)
    expect(rewriteForCrush("grep -i todo -r src | wc -l", opts)).toBeUndefined()
  })

  const never: Array<[string, string]> = [
    ["git log | head -20", "pipe into another program"],
    ["npm test > out.txt", "output written to a file"],
    ["npm test >> out.txt", "output appended to a file"],
    ["cargo build &> build.log", "both streams to a file"],
    ["npm test && npm run build", "compound command"],
    ["git diff $(git merge-base HEAD main)", "command substitution"],
    ["npm test &", "background"],
    ["vim README.md", "interactive editor"],
    ["tail -f app.log", "never ends"],
    ["docker logs -f api", "never ends"],
    ["npx jest --watch", "watch mode"],
    ["npm run dev", "a dev server"],
    ["git commit", "opens an editor"],
    ["git rebase -i HEAD~3", "interactive"],
    ["docker run -it ubuntu bash", "a terminal session"],
    ["docker exec -i api sh", "stdin attached"],
    ["kubectl exec -t api -- sh", "a terminal"],
    ["tsc -w", "watch mode"],
    ["git add -p", "interactive staging"],
    ["python", "a REPL"],
    ["echo hello", "generic: nothing to gain"],
    ["egc crush -- git status", "already crushed"],
    ["cat <<EOF", "heredoc"],
    ["npm test 'unterminated", "unterminated quote"],
    ["npm test\n", "a line end ends a list"],
    ["npm test;", "a list"],
    ["! npm test", "a keyword before the command"],
    ["{ npm test; }", "a group"],
    ["(npm test)", "a subshell"],
    ["npm test >&1", "a redirection other than 2>&1"],
    ["2>&1 npm test", "a redirection before the command"],
    ["a=(1 2) npm test", "an array assignment"],
    ["cd web || npm test", "cd joined by something else than &&"],
    ["cd web extra && npm test", "cd with more than a directory"],
    ["", "empty"],
  ]
  for (const [command, why] of never)
    test(`never: ${command || "(empty)"} (${why})`, () => expect(rewriteForCrush(command, opts)).toBeUndefined())

  test("the user's switches are obeyed", () => {
    expect(rewriteForCrush("git status", { ...opts, config: { ...DEFAULTS.crush, rewrite: false } })).toBeUndefined()
    expect(rewriteForCrush("git status", { ...opts, config: { ...DEFAULTS.crush, enabled: false } })).toBeUndefined()
    expect(
      rewriteForCrush("git status", { ...opts, config: { ...DEFAULTS.crush, disabledFamilies: ["git"] } }),
    ).toBeUndefined()
    expect(rewriteForCrush("npm test", { ...opts, config: { ...DEFAULTS.crush, disabledFamilies: ["git"] } })).toBe(
      `${bin} crush -- npm test`,
    )
  })

  test("the whole configuration is accepted too (the hooks' port passes it)", () => {
    expect(rewriteForCrush("git status", { bin: "/abs/egc", config: DEFAULTS })).toBe("/abs/egc crush -- git status")
    expect(
      rewriteForCrush("git status", {
        bin: "/abs/egc",
        config: { ...DEFAULTS, crush: { ...DEFAULTS.crush, disabledFamilies: ["git"] } },
      }),
    ).toBeUndefined()
  })

  test("importing the public API stays cheap (no zod, consola or MCP SDK)", async () => {
    const proc = Bun.spawn(
      [
        process.execPath,
        "-e",
        `await import(${JSON.stringify(`${import.meta.dir}/../../src/crush/index.ts`)}); const ids = Object.keys(require.cache).filter((k) => /node_modules\\/(zod|consola|@modelcontextprotocol)/.test(k)); console.log(JSON.stringify(ids))`,
      ],
      { stdout: "pipe", stderr: "pipe" },
    )
    const out = await new Response(proc.stdout).text()
    expect(await proc.exited).toBe(0)
    expect(JSON.parse(out)).toEqual([])
  })
})
