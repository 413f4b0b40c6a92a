import { describe, expect, test } from "bun:test"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { generateKey, publicKeyFile, signMinisign } from "../../scripts/release/sign"
import { parsePublicKey, verifyMinisign } from "../../src/release/minisign"
import { tmpdir } from "../fixture"

const data = new TextEncoder().encode("abc  egc-1.0.0-linux-x64.tar.gz\n")
const which = (cmd: string) => Bun.which(cmd)

describe("minisign signatures made with WebCrypto", () => {
  test("egc verifies its own signature and refuses altered data, comment, signature or key", async () => {
    const { key } = await generateKey()
    const other = (await generateKey()).key
    const sig = await signMinisign(key, data, "SHA256SUMS", 1_700_000_000)
    const pub = parsePublicKey(publicKeyFile(key))
    expect((await verifyMinisign(pub, data, sig)).trustedComment).toBe("timestamp:1700000000\tfile:SHA256SUMS\thashed")
    const altered = new Uint8Array(data)
    altered[0] = 0x62
    await expect(verifyMinisign(pub, altered, sig)).rejects.toThrow(/does not match/)
    const lines = sig.split("\n")
    const comment = [lines[0], lines[1], "trusted comment: timestamp:1\tfile:other", lines[3], ""].join("\n")
    await expect(verifyMinisign(pub, data, comment)).rejects.toThrow(/trusted comment/)
    await expect(verifyMinisign(parsePublicKey(other.publicKey), data, sig)).rejects.toThrow(/signed by key/)
    // our key id, another key's signature bytes
    const raw = Buffer.from(lines[1]!, "base64")
    Buffer.from((await signMinisign(other, data, "SHA256SUMS", 1)).split("\n")[1]!, "base64").copy(raw, 10, 10)
    const forged = sig.replace(lines[1]!, raw.toString("base64"))
    await expect(verifyMinisign(pub, data, forged)).rejects.toThrow(/signature check failed/)
    await expect(verifyMinisign(pub, data, "not a signature")).rejects.toThrow(/not a minisign signature/)
  })

  test("a public key that is not minisign Ed25519 is refused", () => {
    expect(() => parsePublicKey("RWQ=")).toThrow(/not a minisign/)
    expect(() => parsePublicKey("untrusted comment: x\nnot base64!")).toThrow(/not a minisign/)
  })

  test.skipIf(!which("minisign"))(
    "the minisign tool verifies egc's signature, and egc verifies minisign's",
    async () => {
      using tmp = tmpdir()
      const { key } = await generateKey()
      const file = join(tmp.path, "SHA256SUMS")
      writeFileSync(file, data)
      writeFileSync(`${file}.minisig`, await signMinisign(key, data, "SHA256SUMS", 1_700_000_000))
      writeFileSync(join(tmp.path, "egc.pub"), publicKeyFile(key))
      const ok = Bun.spawnSync(["minisign", "-Vm", file, "-p", join(tmp.path, "egc.pub")], {
        stdout: "pipe",
        stderr: "pipe",
      })
      expect(ok.exitCode).toBe(0)
      writeFileSync(file, "tampered\n")
      const bad = Bun.spawnSync(["minisign", "-Vm", file, "-p", join(tmp.path, "egc.pub")], {
        stdout: "pipe",
        stderr: "pipe",
      })
      expect(bad.exitCode).not.toBe(0)

      writeFileSync(file, data)
      const gen = Bun.spawnSync(["minisign", "-GW", "-p", join(tmp.path, "m.pub"), "-s", join(tmp.path, "m.key")], {
        stdout: "pipe",
        stderr: "pipe",
      })
      expect(gen.exitCode).toBe(0)
      const signed = Bun.spawnSync(
        ["minisign", "-S", "-s", join(tmp.path, "m.key"), "-m", file, "-x", join(tmp.path, "m.sig")],
        { stdout: "pipe", stderr: "pipe" },
      )
      expect(signed.exitCode).toBe(0)
      const mpub = parsePublicKey(readFileSync(join(tmp.path, "m.pub"), "utf8"))
      const msig = readFileSync(join(tmp.path, "m.sig"), "utf8")
      await verifyMinisign(mpub, data, msig)
      await expect(verifyMinisign(mpub, new TextEncoder().encode("tampered\n"), msig)).rejects.toThrow(/does not match/)
      expect(existsSync(join(tmp.path, "m.key"))).toBe(true)
    },
  )
})
