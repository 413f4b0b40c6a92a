import { defineCommand } from "citty"
import { printData, ui } from "../ui"

/** `egc backup FILE` / `egc restore FILE`: the database and the key, sealed under a passphrase. */
const passphraseArg = {
  "passphrase-file": {
    type: "string",
    description: "read the passphrase from this file's first line (scripts)",
    valueHint: "file",
  },
} as const

export const backup = defineCommand({
  meta: { name: "backup", description: "write the database and the key to FILE, sealed under a passphrase" },
  args: { file: { type: "positional", required: true, description: "a new file" }, ...passphraseArg },
  async run({ args }) {
    const { readPassphrase, writeBackup } = await (await import("../../sync")).surface()
    const passphrase = await readPassphrase({ file: args["passphrase-file"], confirm: true })
    const r = await writeBackup(String(args.file), passphrase)
    ;(await ui()).success(
      `backup written to ${args.file} (key id ${r.keyId}, mode 0600); without the passphrase it opens nothing`,
    )
  },
})

export const restore = defineCommand({
  meta: { name: "restore", description: "restore a backup into an empty egc home (a wrong passphrase writes nothing)" },
  args: { file: { type: "positional", required: true, description: "a file written by egc backup" }, ...passphraseArg },
  async run({ args }) {
    const { readPassphrase, restoreBackup } = await (await import("../../sync")).surface()
    const passphrase = await readPassphrase({ file: args["passphrase-file"] })
    const r = await restoreBackup(String(args.file), passphrase)
    printData(`restored: key id ${r.keyId}; run egc doctor to check`)
  },
})

export default backup
