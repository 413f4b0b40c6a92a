import { describe, expect, test } from "bun:test"
import { redact, redactSecrets } from "../../src/core/secrets"
import { nearMissCases, secretCases } from "./_secret-shapes"

describe("the one redactor", () => {
  const secrets = secretCases()
  const misses = nearMissCases()

  test("the generated sets are large enough to mean something", () => {
    expect(secrets.length).toBeGreaterThanOrEqual(200)
    expect(misses.length).toBeGreaterThanOrEqual(200)
  })

  for (const half of ["tuning", "held-out"] as const) {
    test(`every generated secret is removed (${half} half)`, () => {
      const leaked = secrets
        .filter((c) => c.half === half && redact(c.text).includes(c.secret))
        .map((c) => `${c.shape}: ${c.text}`)
      expect(leaked).toEqual([])
    })

    test(`every near-miss survives unchanged (${half} half)`, () => {
      const changed = misses
        .filter((c) => c.half === half && redact(c.text) !== c.text)
        .map((c) => `${c.shape}: ${c.text} -> ${redact(c.text)}`)
      expect(changed).toEqual([])
    })
  }

  test("names after `_` are secret-named (the old \\b pattern missed them) and the label stays", () => {
    const secret = "wJalrXUtnFEMI7K7MDENGbPxRfiCY2aZ"
    expect(redact(`AWS_SECRET_ACCESS_KEY=${secret}`)).toBe("AWS_SECRET_ACCESS_KEY=[REDACTED:assigned-secret]")
    expect(redact(`DB_PASSWORD=${secret}`)).toBe("DB_PASSWORD=[REDACTED:assigned-secret]")
    expect(redact(`the aws secret is ${secret}`)).toBe("the aws secret is [REDACTED:assigned-secret]")
    // the same value under an ordinary name is left alone: the key decides
    expect(redact(`BUILD_ID=${secret}`)).toBe(`BUILD_ID=${secret}`)
  })

  test("kinds are reported, quotes and surrounding text kept, and redacting twice changes nothing", () => {
    const r = redactSecrets(`{"password": "hunter2!x", "user": "ann"} and ghp_${"a".repeat(36)}`)
    expect(r.text).toBe('{"password": "[REDACTED:assigned-secret]", "user": "ann"} and [REDACTED:github-token]')
    expect(r.kinds.sort()).toEqual(["assigned-secret", "github-token"])
    expect(redact(r.text)).toBe(r.text)
  })

  test("texts with no keyword come back as the same string", () => {
    const text = "compiled 42 files in 3.1s"
    expect(redactSecrets(text)).toEqual({ text, kinds: [] })
  })
})
