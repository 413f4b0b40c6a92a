import { defineCommand } from "citty"
import { readFileSync, statSync, writeFileSync } from "node:fs"
import { EgcError } from "../../core/errors"
import { exportMasterText, importMasterText, keyStatus, loadKeys } from "../../core/keys"
import { jsonArgs } from "../_args"
import { printData, ui } from "../ui"

const isRotate = (positionals: unknown): boolean => Array.isArray(positionals) && positionals[0] === "rotate"
const subCommands = { rotate: () => import("./keys-rotate").then((m) => m.default) }

export default defineCommand({
  meta: {
    name: "keys",
    description: "show the master key's status, export a recovery copy, restore one, or rotate the key",
  },
  subCommands,
  args: {
    ...jsonArgs,
    export: {
      type: "string",
      description: "write a recovery copy of the master key to this file (mode 0600)",
      valueHint: "file",
    },
    "i-understand": { type: "boolean", description: "confirm that the recovery copy unlocks all your memory" },
    import: {
      type: "string",
      description: "restore the master key from a recovery copy (must match the database)",
      valueHint: "file",
    },
    force: {
      type: "boolean",
      description: "with --import: replace a different key in place (it is moved aside, not deleted)",
    },
  },
  setup({ args }) {
    // before the subcommand runs: a flag of `egc keys` itself must not ride along unnoticed
    if (
      isRotate(args._) &&
      (args.import !== undefined || args.export !== undefined || args.force || args["i-understand"])
    )
      throw new EgcError("E_USAGE", "egc keys rotate takes no --import, --export, --force or --i-understand")
  },
  async run({ args }) {
    // citty runs this after a subcommand too
    if (isRotate(args._)) return
    if (args.import !== undefined) return importKey(args.import, Boolean(args.force), Boolean(args.json))
    if (args.force) throw new EgcError("E_USAGE", "--force only applies to --import")
    if (args.export !== undefined) {
      if (!args["i-understand"]) {
        throw new EgcError("E_USAGE", "exporting the master key needs --i-understand", {
          hint: "anyone holding the copy can read all your memory; store it offline",
        })
      }
      const text = exportMasterText()
      try {
        writeFileSync(args.export, text, { mode: 0o600, flag: "wx" })
      } catch (cause) {
        throw new EgcError("E_IO", `cannot write ${args.export} (it must not exist yet)`, { cause })
      }
      ;(await ui()).success(`recovery copy written to ${args.export} (mode 0600); keep it offline`)
      return
    }
    loadKeys()
    const status = keyStatus()
    if (args.json) return printData(status)
    printData(
      `key      ${status.path}\nmode     ${status.mode ?? "-"}\nkey id   ${status.keyId ?? "-"}${status.problem ? `\nproblem  ${status.problem}` : ""}${status.oldKeys.length ? `\nold keys ${status.oldKeys.join(", ")}` : ""}`,
    )
  },
})

async function importKey(file: string, force: boolean, json: boolean): Promise<void> {
  let text: string
  try {
    // a key file is one short line; anything large is not one
    if (statSync(file).size > 4096) throw new EgcError("E_KEY_INVALID", `${file} is not an egc master key (too large)`)
    text = readFileSync(file, "utf8")
  } catch (cause) {
    if (cause instanceof EgcError) throw cause
    throw new EgcError("E_NOT_FOUND", `cannot read ${file}`, { cause })
  }
  const result = importMasterText(text, file, { force })
  if (json) return printData(result)
  const u = await ui()
  if (result.movedAside) u.warn(`the key that was in place is kept at ${result.movedAside}`)
  if (result.outcome === "unchanged") u.success(`key id ${result.keyId} was already in place; nothing changed`)
  else u.success(`master key restored (key id ${result.keyId}, mode 0600)`)
}
