#!/usr/bin/env bun
/**
 * npm run release:key -- SECRET_FILE [PUBLIC_FILE]
 * Makes a release signing key: the secret JSON (mode 0600; for the EGC_SIGNING_KEY secret of the
 * release workflow, never committed) and the minisign public key (commit it as minisign.pub).
 */
import { existsSync, writeFileSync } from "node:fs"
import { generateKey, publicKeyFile } from "./sign"

const [secretPath, publicPath] = process.argv.slice(2)
if (!secretPath) {
  process.stderr.write("usage: npm run release:key -- SECRET_FILE [PUBLIC_FILE]\n")
  process.exit(64)
}
if (existsSync(secretPath)) {
  process.stderr.write(`${secretPath} exists; refusing to overwrite a signing key\n`)
  process.exit(65)
}
const { key, secretJson } = await generateKey()
writeFileSync(secretPath, secretJson, { mode: 0o600, flag: "wx" })
if (publicPath) writeFileSync(publicPath, publicKeyFile(key))
process.stderr.write(`secret key → ${secretPath}\npublic key: ${key.publicKey}\n`)
