import { programWords } from "./command"

/** The filter families; config's `crush.disabledFamilies` names these. */
export const FAMILIES = ["git", "test", "build", "pkg", "infra", "listing", "json", "logs", "generic"] as const
export type Family = (typeof FAMILIES)[number]

const TEST_RUNNERS = new Set([
  "jest",
  "vitest",
  "mocha",
  "ava",
  "tap",
  "pytest",
  "py.test",
  "rspec",
  "phpunit",
  "pest",
  "ctest",
  "tox",
  "nox",
  "karma",
  "cypress",
  "playwright",
  "jasmine",
  "nextest",
  "bats",
  "behave",
  "trial",
  "nosetests",
  "unittest",
])
const COMPILERS = new Set([
  "tsc",
  "vue-tsc",
  "svelte-check",
  "eslint",
  "biome",
  "oxlint",
  "ruff",
  "mypy",
  "pyright",
  "pylint",
  "flake8",
  "black",
  "isort",
  "prettier",
  "stylelint",
  "golangci-lint",
  "staticcheck",
  "gcc",
  "g++",
  "cc",
  "c++",
  "clang",
  "clang++",
  "make",
  "cmake",
  "ninja",
  "meson",
  "webpack",
  "vite",
  "esbuild",
  "rollup",
  "parcel",
  "tsup",
  "turbo",
  "nx",
  "next",
  "nuxt",
  "astro",
  "swc",
  "babel",
  "rustc",
  "javac",
  "kotlinc",
  "scalac",
  "swift",
  "swiftc",
  "xcodebuild",
  "msbuild",
  "prisma",
  "shellcheck",
  "hadolint",
  "semgrep",
  "trivy",
  "bazel",
  "buck",
  "sbt",
  "ant",
  "zig",
])
const PACKAGE_MANAGERS = new Set([
  "pip",
  "pip3",
  "pipx",
  "apt",
  "apt-get",
  "brew",
  "gem",
  "composer",
  "conda",
  "mamba",
  "dnf",
  "yum",
  "apk",
  "pacman",
  "nix",
])
const INFRA = new Set([
  "docker",
  "docker-compose",
  "podman",
  "kubectl",
  "k9s",
  "helm",
  "terraform",
  "tofu",
  "terragrunt",
  "pulumi",
  "ansible",
  "ansible-playbook",
  "vagrant",
  "aws",
  "gcloud",
  "az",
  "oc",
  "minikube",
  "kind",
  "skaffold",
])
const LISTINGS = new Set([
  "ls",
  "find",
  "fd",
  "tree",
  "du",
  "exa",
  "eza",
  "lsd",
  "locate",
  "dir",
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "ag",
  "ack",
])
const LOG_READERS = new Set(["tail", "journalctl", "logcat", "dmesg", "stern"])
const PAGERS = new Set(["cat", "less", "head", "sort", "uniq", "zcat", "more"])
const JS_PM = new Set(["npm", "pnpm", "yarn", "bun"])
const PM_VERBS = new Set([
  "install",
  "i",
  "ci",
  "add",
  "remove",
  "rm",
  "uninstall",
  "update",
  "up",
  "upgrade",
  "outdated",
  "audit",
  "dedupe",
  "prune",
  "link",
  "sync",
  "lock",
  "fetch",
  "download",
  "list",
  "ls",
  "why",
])

function jsonRequested(words: string[]): boolean {
  return words.some((w, i) => {
    if (
      /^--?(?:json|jsonl|ndjson)$/.test(w) ||
      /^--(?:format|output|out)=(?:json|jsonl|ndjson)$/.test(w) ||
      /^-o=?json$/.test(w)
    )
      return true
    return ["-o", "--output", "--format", "--out"].includes(w) && /^(?:json|jsonl|ndjson)$/.test(words[i + 1] ?? "")
  })
}

interface Cmd {
  name: string
  sub: string
  third: string
  words: string[]
}

type Pick = Family | ((c: Cmd) => Family)

/** A sub-command → family map for toolchains whose verbs say what they do; `rest` for any other verb. */
function bySub(table: Record<string, Family>, rest: Family): (c: Cmd) => Family {
  return (c) => (Object.hasOwn(table, c.sub) ? table[c.sub]! : rest)
}

const pkgVerbs = (...verbs: string[]): Record<string, Family> => Object.fromEntries(verbs.map((v) => [v, "pkg"]))
const CARGO_PKG = pkgVerbs("install", "add", "update", "fetch", "uninstall", "remove")
const named =
  (...names: string[]) =>
  (c: Cmd) =>
    names.includes(c.name)
const inSet = (set: Set<string>) => (c: Cmd) => set.has(c.name)

/** npm/pnpm/yarn/bun: tests, package verbs, then the script's name says what it is. */
function jsPackageManager(c: Cmd): Family {
  const { name, sub, third } = c
  const testScript = (sub === "run" && /^test/.test(third)) || (/^test/.test(sub) && name !== "npm")
  if (sub === "test" || sub === "t" || testScript) return "test"
  if (PM_VERBS.has(sub) || sub === "") return "pkg"
  const script = sub === "run" ? third : sub
  if (/^(?:build|compile|typecheck|lint|check|tsc)/.test(script)) return "build"
  if (/^(?:dev|start|serve|watch|preview)/.test(script)) return "logs"
  return "generic"
}

/** Evaluated in order; the first row whose test holds names the family (else `generic`). */
const ROWS: ReadonlyArray<readonly [when: (c: Cmd) => boolean, family: Pick]> = [
  [(c) => c.name === "jq" || c.name === "yq" || jsonRequested(c.words), "json"],
  [named("git", "gh", "glab", "hg", "svn"), "git"],
  [(c) => c.name === "playwright" && c.sub !== "test", "generic"],
  [inSet(TEST_RUNNERS), "test"],
  [(c) => c.name === "node" && c.words.includes("--test"), "test"],
  [(c) => c.name === "deno" && c.sub === "test", "test"],
  [named("go"), bySub({ test: "test", run: "logs", ...pkgVerbs("mod", "get", "install") }, "build")],
  [named("cargo"), bySub({ test: "test", nextest: "test", run: "logs", ...CARGO_PKG }, "build")],
  [named("dotnet"), bySub({ test: "test", run: "logs", ...pkgVerbs("add", "restore") }, "build")],
  [
    named("mvn", "mvnw", "gradle", "gradlew"),
    (c) => (c.words.some((w) => /^(?:test|verify|check|integrationTest|connected\w*Test)$/.test(w)) ? "test" : "build"),
  ],
  [named("rails", "rake"), bySub({ test: "test", spec: "test", server: "logs", s: "logs" }, "generic")],
  [inSet(JS_PM), jsPackageManager],
  [named("uv", "poetry", "pdm", "pipenv", "bundle", "bundler"), "pkg"],
  [inSet(PACKAGE_MANAGERS), "pkg"],
  [inSet(COMPILERS), "build"],
  [(c) => INFRA.has(c.name) && (c.sub === "logs" || (c.sub === "compose" && c.third === "logs")), "logs"],
  [inSet(INFRA), "infra"],
  [inSet(LISTINGS), "listing"],
  [(c) => LOG_READERS.has(c.name) || (c.name === "adb" && c.sub === "logcat"), "logs"],
  [(c) => PAGERS.has(c.name) && c.words.some((w) => /\.log\b/.test(w)), "logs"],
]

/** Which family's filter applies to the output of this command (undefined for an empty command). */
export const familyOf = (command: string): Family | undefined => familyOfWords(programWords(command))

/** The same, from the program words a caller already read (the rewrite parsed the command once). */
export function familyOfWords(words: string[]): Family | undefined {
  const [name = "", sub = "", third = ""] = words
  if (!name) return undefined
  const c: Cmd = { name, sub, third, words }
  for (const [when, family] of ROWS) if (when(c)) return typeof family === "function" ? family(c) : family
  return "generic"
}
