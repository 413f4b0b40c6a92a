import { describe, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { sourceFiles, SRC } from "./_graph"

/**
 * Two house rules AGENTS.md used to leave to review: only core/env.ts reads the environment, and
 * only core/crypto.ts reaches for cryptography (node:crypto, WebCrypto's subtle API and random bytes,
 * Bun's hasher).
 */
const ENV_READ = /\bprocess\.env\b/
const CRYPTO =
  /from\s+"node:crypto"|\bcrypto\.(subtle|getRandomValues)\b|\bBun\.CryptoHasher\b|require\("node:crypto"\)/

function offenders(files: Array<{ file: string; text: string }>, pattern: RegExp, owner: string): string[] {
  return files
    .filter(({ file, text }) => file !== owner && text.split("\n").some((line) => pattern.test(line)))
    .map(({ file }) => file)
}

describe("environment and cryptography have one owner each", () => {
  const files = () => sourceFiles().map((file) => ({ file, text: readFileSync(join(SRC, file), "utf8") }))

  test("the check names a stray reader and passes the owner", () => {
    const sample = [
      { file: "core/env.ts", text: "const v = process.env.X" },
      { file: "hooks/x.ts", text: "spawn(cmd, { env: { ...process.env } })" },
      { file: "core/crypto.ts", text: 'import { createHash } from "node:crypto"' },
      { file: "memory/y.ts", text: "await crypto.subtle.digest('SHA-256', b)" },
      { file: "core/ids.ts", text: "const r = crypto.getRandomValues(new Uint8Array(10))" },
    ]
    expect(offenders(sample, ENV_READ, "core/env.ts")).toEqual(["hooks/x.ts"])
    expect(offenders(sample, CRYPTO, "core/crypto.ts")).toEqual(["memory/y.ts", "core/ids.ts"])
  })

  test("src/ keeps them", () => {
    expect(offenders(files(), ENV_READ, "core/env.ts")).toEqual([])
    expect(offenders(files(), CRYPTO, "core/crypto.ts")).toEqual([])
  })
})
