import { programWords } from "./command"

/** The filter families; config's `crush.disabledFamilies` names these. */
export const FAMILIES = ["git", "test", "build", "pkg", "infra", "listing", "json", "logs", "generic"] as const
export type Family = (typeof FAMILIES)[number]

const TEST_RUNNERS = new Set(["jest", "vitest", "mocha", "ava", "tap", "pytest", "py.test", "rspec", "phpunit", "pest", "ctest", "tox", "nox", "karma", "cypress", "playwright", "jasmine", "nextest", "bats", "behave", "trial", "nosetests", "unittest"])
const COMPILERS = new Set(["tsc", "vue-tsc", "svelte-check", "eslint", "biome", "oxlint", "ruff", "mypy", "pyright", "pylint", "flake8", "black", "isort", "prettier", "stylelint", "golangci-lint", "staticcheck", "gcc", "g++", "cc", "c++", "clang", "clang++", "make", "cmake", "ninja", "meson", "webpack", "vite", "esbuild", "rollup", "parcel", "tsup", "turbo", "nx", "next", "nuxt", "astro", "swc", "babel", "rustc", "javac", "kotlinc", "scalac", "swift", "swiftc", "xcodebuild", "msbuild", "prisma", "shellcheck", "hadolint", "semgrep", "trivy", "bazel", "buck", "sbt", "ant", "zig"])
const PACKAGE_MANAGERS = new Set(["pip", "pip3", "pipx", "apt", "apt-get", "brew", "gem", "composer", "conda", "mamba", "dnf", "yum", "apk", "pacman", "nix"])
const INFRA = new Set(["docker", "docker-compose", "podman", "kubectl", "k9s", "helm", "terraform", "tofu", "terragrunt", "pulumi", "ansible", "ansible-playbook", "vagrant", "aws", "gcloud", "az", "oc", "minikube", "kind", "skaffold"])
const LISTINGS = new Set(["ls", "find", "fd", "tree", "du", "exa", "eza", "lsd", "locate", "dir", "grep", "egrep", "fgrep", "rg", "ag", "ack"])
const LOG_READERS = new Set(["tail", "journalctl", "logcat", "dmesg", "stern"])
const JS_PM = new Set(["npm", "pnpm", "yarn", "bun"])
const PM_VERBS = new Set(["install", "i", "ci", "add", "remove", "rm", "uninstall", "update", "up", "upgrade", "outdated", "audit", "dedupe", "prune", "link", "sync", "lock", "fetch", "download", "list", "ls", "why"])

function jsonRequested(words: string[]): boolean {
  return words.some((w, i) => {
    if (/^--?(?:json|jsonl|ndjson)$/.test(w) || /^--(?:format|output|out)=(?:json|jsonl|ndjson)$/.test(w) || /^-o=?json$/.test(w)) return true
    return ["-o", "--output", "--format", "--out"].includes(w) && /^(?:json|jsonl|ndjson)$/.test(words[i + 1] ?? "")
  })
}

/** Which family's filter applies to the output of this command (undefined for an empty command). */
export function familyOf(command: string): Family | undefined {
  const words = programWords(command)
  const [name = "", sub = "", third = ""] = words
  if (!name) return undefined
  if (name === "jq" || name === "yq" || jsonRequested(words)) return "json"
  if (name === "git" || name === "gh" || name === "glab" || name === "hg" || name === "svn") return "git"
  if (TEST_RUNNERS.has(name)) return name === "playwright" && sub !== "test" ? "generic" : "test"
  if (name === "node" && words.includes("--test")) return "test"
  if (name === "deno" && sub === "test") return "test"
  if (name === "go") return sub === "test" ? "test" : ["mod", "get", "install"].includes(sub) ? "pkg" : sub === "run" ? "logs" : "build"
  if (name === "cargo") {
    if (sub === "test" || sub === "nextest") return "test"
    if (["install", "add", "update", "fetch", "uninstall", "remove"].includes(sub)) return "pkg"
    return sub === "run" ? "logs" : "build"
  }
  if (name === "dotnet") return sub === "test" ? "test" : ["add", "restore"].includes(sub) ? "pkg" : sub === "run" ? "logs" : "build"
  if (name === "mvn" || name === "mvnw" || name === "gradle" || name === "gradlew") {
    return words.some((w) => /^(?:test|verify|check|integrationTest|connected\w*Test)$/.test(w)) ? "test" : "build"
  }
  if (name === "rails" || name === "rake") return sub === "test" || sub === "spec" ? "test" : sub === "server" || sub === "s" ? "logs" : "generic"
  if (JS_PM.has(name)) {
    if (sub === "test" || sub === "t" || (sub === "run" && /^test/.test(third)) || /^test/.test(sub) && name !== "npm") return "test"
    if (name === "bun" && sub === "test") return "test"
    if (PM_VERBS.has(sub) || sub === "") return "pkg"
    const script = sub === "run" ? third : sub
    if (/^(?:build|compile|typecheck|lint|check|tsc)/.test(script)) return "build"
    if (/^(?:dev|start|serve|watch|preview)/.test(script)) return "logs"
    return "generic"
  }
  if (["uv", "poetry", "pdm", "pipenv", "bundle", "bundler"].includes(name)) return "pkg"
  if (PACKAGE_MANAGERS.has(name)) return "pkg"
  if (COMPILERS.has(name)) return "build"
  if (INFRA.has(name)) return (sub === "logs" || (sub === "compose" && third === "logs")) ? "logs" : "infra"
  if (LISTINGS.has(name)) return "listing"
  if (LOG_READERS.has(name) || name === "adb" && sub === "logcat") return "logs"
  if (["cat", "less", "head", "sort", "uniq", "zcat", "more"].includes(name)) return words.some((w) => /\.log\b/.test(w)) ? "logs" : "generic"
  return "generic"
}
