import { defineCommand } from "citty"
import { writeFileSync } from "node:fs"
import { EgcError } from "../../core/errors"
import { exportMasterText, keyStatus, loadKeys } from "../../core/keys"
import { jsonArgs } from "../_args"
import { printData, ui } from "../ui"

export default defineCommand({
  meta: { name: "keys", description: "show the master key's status, or export a recovery copy" },
  args: {
    ...jsonArgs,
    export: { type: "string", description: "write a recovery copy of the master key to this file (mode 0600)", valueHint: "file" },
    "i-understand": { type: "boolean", description: "confirm that the recovery copy unlocks all your memory" },
  },
  async run({ args }) {
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
    printData(`key      ${status.path}\nmode     ${status.mode ?? "-"}\nkey id   ${status.keyId ?? "-"}${status.problem ? `\nproblem  ${status.problem}` : ""}`)
  },
})
