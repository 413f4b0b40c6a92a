import { defineCommand } from "citty"
import { EgcError } from "../../core/errors"
import { jsonArgs } from "../_args"
import { printData, ui } from "../ui"

export default defineCommand({
  meta: { name: "upgrade", description: "replace this egc binary with a newer verified release, or roll back" },
  args: {
    ...jsonArgs,
    check: { type: "boolean", description: "only report whether a newer release exists" },
    version: {
      type: "string",
      description: "this version instead of the newest (also a downgrade)",
      valueHint: "1.2.3",
    },
    rollback: { type: "boolean", description: "swap back to the binary the last upgrade replaced" },
  },
  async run({ args }) {
    const release = await (await import("../../release")).upgrader()
    if (args.rollback && (args.check || args.version))
      throw new EgcError("E_USAGE", "--rollback takes neither --check nor --version")
    if (args.check) {
      const r = await release.checkForUpdate()
      if (args.json) printData(r)
      else
        printData(
          r.newer
            ? `egc ${r.latest} is available (you have ${r.current}): egc upgrade`
            : `egc ${r.current} is the newest release`,
        )
      return
    }
    const r = args.rollback ? release.rollback() : await release.upgrade({ version: args.version })
    if (r.warning) (await ui()).warn(r.warning)
    if (args.json) printData(r)
    else if (!r.changed) printData(`egc ${r.to} is already installed at ${r.bin}`)
    else if (args.rollback)
      printData(`rolled back ${r.bin} to ${r.to} (egc upgrade --rollback again returns to ${r.from})`)
    else printData(`upgraded ${r.bin}: ${r.from} → ${r.to} (the previous binary is kept for egc upgrade --rollback)`)
  },
})
