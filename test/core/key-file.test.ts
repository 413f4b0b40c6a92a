import { describe, expect, test } from "bun:test"
import { deriveKey, keyedHash, randomKey } from "../../src/core/crypto"
import { keyIdOf, keyText, parseKeyText, rotatedMaterial } from "../../src/core/key-file"
import { keysOf } from "../../src/core/keys"

const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64")
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b))

/** Key files: v1 (one master) keeps reading exactly as before; rotation writes v2 (hash key kept, new sealing root). */
describe("master key file formats", () => {
  test("a v1 file gives the keys and the key id it always gave, and is written back byte for byte", () => {
    const master = randomKey()
    const text = `egc-master-key-v1 ${b64(master)}\n`
    const m = parseKeyText(text, "v1")
    expect(m.version).toBe(1)
    const keys = keysOf(m)
    expect(same(keys.content, deriveKey(master, "content"))).toBe(true)
    expect(same(keys.hash, deriveKey(master, "hash"))).toBe(true)
    expect(keys.keyId).toBe(keyedHash(deriveKey(master, "check"), "egc-key-id").slice(0, 16))
    expect(keyText(m)).toBe(text)
  })

  test("rotation keeps the hashing key, replaces the sealing root, and round-trips as v2", () => {
    const v1 = parseKeyText(`egc-master-key-v1 ${b64(randomKey())}\n`, "v1")
    const v2 = rotatedMaterial(v1)
    const text = keyText(v2)
    expect(text).toMatch(/^egc-master-key-v2 [A-Za-z0-9+/]{43}= [A-Za-z0-9+/]{43}=\n$/)
    const back = parseKeyText(text, "v2")
    expect(back.version).toBe(2)
    expect(same(back.hash, v1.hash)).toBe(true)
    expect(same(back.seal, v2.seal)).toBe(true)
    const [a, b] = [keysOf(v1), keysOf(back)]
    expect(same(a.hash, b.hash)).toBe(true)
    expect(same(a.content, b.content)).toBe(false)
    expect(a.keyId).not.toBe(b.keyId)
    // the new file does not hold the old master: nothing in it derives the old sealing key
    expect(text).not.toContain(b64(v1.seal))
    // a second rotation of a v2 key: hash still the same, sealing root new again
    const v3 = rotatedMaterial(back)
    expect(same(v3.hash, v1.hash)).toBe(true)
    expect(same(v3.seal, back.seal)).toBe(false)
  })

  test("a v2 file with the right sealing root but another hashing key has another key id (refused by the binding)", () => {
    const good = rotatedMaterial(parseKeyText(`egc-master-key-v1 ${b64(randomKey())}\n`, "v1"))
    const forged = { ...good, hash: randomKey() }
    expect(keyIdOf(forged)).not.toBe(keyIdOf(good))
    expect(keyIdOf({ ...good })).toBe(keyIdOf(good))
  })

  test("garbled files are refused with E_KEY_INVALID; a well-formed file beside them parses", () => {
    const k = b64(randomKey())
    const bad = [
      "",
      "garbage",
      `egc-master-key-v1 ${k} ${k}`,
      `egc-master-key-v2 ${k}`,
      `egc-master-key-v3 ${k} ${k}`,
      `egc-master-key-v2 ${k} ${k} ${k}`,
      `egc-master-key-v2 ${k.slice(0, 40)}= ${k}`,
      `egc-master-key-v2 ${k}\n${k}`,
      `EGC-MASTER-KEY-V2 ${k} ${k}`,
    ]
    for (const text of bad) {
      let code = ""
      try {
        parseKeyText(text, "f")
      } catch (e) {
        code = (e as { code?: string }).code ?? ""
      }
      expect(`${JSON.stringify(text.slice(0, 20))}: ${code}`).toBe(
        `${JSON.stringify(text.slice(0, 20))}: E_KEY_INVALID`,
      )
    }
    expect(parseKeyText(`egc-master-key-v2 ${k} ${k}\n`, "f").version).toBe(2)
  })
})
