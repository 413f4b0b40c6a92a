import { defineCommand } from "citty"
import { jsonArgs } from "../_args"
import { printData, ui } from "../ui"

/** `egc keys rotate`: re-seal everything under a new key; the key itself is never printed. */
export default defineCommand({
  meta: {
    name: "rotate",
    description: "re-seal everything under a new master key (old key removed once all of it is verified)",
  },
  args: {
    ...jsonArgs,
    "keep-old": {
      type: "boolean",
      description: "keep the old key file (keys/master.key.old-<id>, mode 0600) after the rotation",
    },
  },
  async run({ args }) {
    const { rotateKeys } = await import("../rotate")
    const report = await rotateKeys({ keepOld: Boolean(args["keep-old"]) })
    if (args.json) return printData(report)
    const u = await ui()
    u.success(`master key rotated: key id ${report.from} → ${report.to}`)
    u.info(`${report.records} sealed records and ${report.outputs} stored outputs re-sealed and verified`)
    if (report.unreadable) u.warn(`${report.unreadable} records no key could open before either: left as they were`)
    if (report.oldKey) u.warn(`the old key is kept at ${report.oldKey} (mode 0600); it opens only older copies`)
    else u.info("the old key file was removed; recovery copies and backups made before now hold the old key")
    u.info("make a new recovery copy: egc keys --export <file> --i-understand; restart running egc serve processes")
  },
})
