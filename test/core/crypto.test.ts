import { afterEach, describe, expect, test } from "bun:test"
import { createHash, createHmac, hkdfSync } from "node:crypto"
import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs"
import {
  aad,
  constantTimeEqual,
  deriveKey,
  keyedHash,
  open,
  openText,
  randomKey,
  seal,
  sealText,
  sha256Hex,
} from "../../src/core/crypto"
import { EgcError } from "../../src/core/errors"
import { exportMasterText, loadKeys, parseKeyText, resetKeyCache } from "../../src/core/keys"
import { paths } from "../../src/core/paths"

const key = deriveKey(randomKey(), "content")
const id = aad("memory_items", "01ABC", "p_1")

describe("seal / open", () => {
  test("round trip, with a fresh IV each time", () => {
    const a = sealText(key, "the body ✓ 日本", id)
    const b = sealText(key, "the body ✓ 日本", id)
    expect(openText(key, a, id)).toBe("the body ✓ 日本")
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false)
    expect(a[0]).toBe(1)
    expect(Buffer.from(a).includes(Buffer.from("the body"))).toBe(false)
  })

  test("a wrong key is refused", () => {
    const env = sealText(key, "secret", id)
    const other = deriveKey(randomKey(), "content")
    expect(() => openText(other, env, id)).toThrow(EgcError)
  })

  test("a single flipped byte anywhere is detected", () => {
    const env = sealText(key, "payload that matters", id)
    for (const i of [1, 13, env.length - 1, Math.floor(env.length / 2)]) {
      const copy = new Uint8Array(env)
      copy[i] = (copy[i] ?? 0) ^ 0x01
      expect(() => open(key, copy, id)).toThrow(/failed authentication/)
    }
  })

  test("a record opened under another identity (row or project) fails", () => {
    const env = seal(key, new TextEncoder().encode("x"), id)
    expect(() => open(key, env, aad("memory_items", "01ABC", "p_2"))).toThrow(/failed authentication/)
    expect(() => open(key, env, aad("memory_items", "01ABD", "p_1"))).toThrow(/failed authentication/)
    expect(() => open(key, env, aad("other_table", "01ABC", "p_1"))).toThrow(/failed authentication/)
  })

  test("truncated and unknown-version envelopes are refused, not crashed on", () => {
    const env = sealText(key, "x", id)
    expect(() => open(key, env.subarray(0, 10), id)).toThrow(/not an egc v1 envelope/)
    const v2 = new Uint8Array(env)
    v2[0] = 2
    expect(() => open(key, v2, id)).toThrow(/not an egc v1 envelope/)
  })

  test("purpose keys differ, keyed hashes depend on the key", () => {
    const master = randomKey()
    expect(Buffer.from(deriveKey(master, "content")).equals(Buffer.from(deriveKey(master, "hash")))).toBe(false)
    expect(keyedHash(deriveKey(master, "hash"), "/a/acme/api")).not.toBe(
      keyedHash(deriveKey(randomKey(), "hash"), "/a/acme/api"),
    )
  })
})

/** The hot primitives run on Bun's native hasher (no node:crypto load); they must give node's exact bytes. */
describe("native key derivation and hashing equal node:crypto", () => {
  const hex = (b: Uint8Array | ArrayBuffer) => Buffer.from(b as Uint8Array).toString("hex")
  const purposes = ["content", "hash", "check", "team", "sync-seal", "sync-name"] as const

  test("deriveKey is HKDF-SHA256 with an empty salt, byte for byte, for every purpose", () => {
    for (const master of [randomKey(), randomKey(), new Uint8Array(32), new Uint8Array(32).fill(0xff)]) {
      for (const purpose of purposes) {
        const node = hkdfSync("sha256", master, new Uint8Array(0), `egc/v1/${purpose}`, 32)
        expect(hex(deriveKey(master, purpose))).toBe(hex(node))
      }
    }
  })

  test("deriveKey matches the value computed before the change (ids stored on disk must never move)", () => {
    const master = new Uint8Array(32).map((_, i) => i)
    const pinned = "d255ad4c62f2cb7cead16c9d4cde5594b018116a6f44705f7ae0071cd4d1da46"
    expect(hex(deriveKey(master, "hash"))).toBe(pinned)
    expect(hex(deriveKey(master, "check"))).not.toBe(pinned)
  })

  test("keyedHash is HMAC-SHA256 and sha256Hex is SHA-256, as node computes them", () => {
    const key = randomKey()
    for (const value of ["", "/a/acme/api", "origin:github.com/acme/api", "日本 ✓", "x".repeat(10_000)]) {
      expect(keyedHash(key, value)).toBe(createHmac("sha256", key).update(value).digest("hex"))
      expect(sha256Hex(value)).toBe(createHash("sha256").update(value).digest("hex"))
    }
    expect(keyedHash(randomKey(), "/a")).not.toBe(keyedHash(key, "/a"))
  })

  test("randomKey gives 32 fresh bytes; constantTimeEqual tells equal from unequal", () => {
    const a = randomKey()
    const b = randomKey()
    expect(a).toHaveLength(32)
    expect(hex(a)).not.toBe(hex(b))
    expect(constantTimeEqual(a, new Uint8Array(a))).toBe(true)
    expect(constantTimeEqual(a, b)).toBe(false)
    expect(constantTimeEqual(a, a.subarray(1))).toBe(false)
  })
})

describe("master key file", () => {
  afterEach(() => resetKeyCache())

  test("created on first use with mode 0600 in a 0700 folder, stable afterwards", () => {
    const k1 = loadKeys()
    expect(statSync(paths.masterKey()).mode & 0o777).toBe(0o600)
    expect(statSync(paths.keysDir()).mode & 0o777).toBe(0o700)
    resetKeyCache()
    expect(loadKeys().keyId).toBe(k1.keyId)
  })

  test("a key file readable by others is refused with the chmod fix", () => {
    loadKeys()
    resetKeyCache()
    chmodSync(paths.masterKey(), 0o644)
    try {
      expect(() => loadKeys()).toThrow(/readable by other users/)
      try {
        loadKeys()
      } catch (e) {
        expect((e as EgcError).code).toBe("E_KEY_MODE")
        expect((e as EgcError).hint).toContain("chmod 600")
      }
    } finally {
      chmodSync(paths.masterKey(), 0o600)
    }
  })

  test("a damaged key file is refused and left as it is", () => {
    loadKeys()
    resetKeyCache()
    const original = readFileSync(paths.masterKey(), "utf8")
    writeFileSync(paths.masterKey(), "garbage\n", { mode: 0o600 })
    try {
      expect(() => loadKeys()).toThrow(/is not an egc master key/)
      expect(readFileSync(paths.masterKey(), "utf8")).toBe("garbage\n")
    } finally {
      writeFileSync(paths.masterKey(), original, { mode: 0o600 })
    }
  })

  test("the recovery copy parses back to a 32-byte key", () => {
    const text = exportMasterText()
    expect(text).toStartWith("egc-master-key-v1 ")
    const parsed = parseKeyText(text, "copy")
    expect(parsed.version).toBe(1)
    expect(parsed.seal.length).toBe(32)
    expect(parsed.hash.length).toBe(32)
  })
})

describe("master key creation race", () => {
  test("eight processes creating the key at once all end up with the same complete key", async () => {
    const { mkdtempSync } = await import("node:fs")
    const { join } = await import("node:path")
    const home = mkdtempSync(join(process.env.EGC_TEST_ROOT ?? "/tmp", "race-"))
    const script = `import { loadKeys } from ${JSON.stringify(join(import.meta.dir, "../../src/core/keys.ts"))}; console.log(loadKeys().keyId)`
    const procs = Array.from({ length: 8 }, () =>
      Bun.spawn([process.execPath, "-e", script], {
        env: { ...process.env, EGC_HOME: home },
        stdout: "pipe",
        stderr: "pipe",
      }),
    )
    const ids = await Promise.all(procs.map(async (p) => (await new Response(p.stdout).text()).trim()))
    expect(await Promise.all(procs.map((p) => p.exited))).toEqual(Array(8).fill(0))
    expect(new Set(ids).size).toBe(1)
    expect(ids[0]).toMatch(/^[0-9a-f]{16}$/)
  })
})
