import { defineCommand } from "citty"
import { VERSION } from "../../version"
import { jsonArgs } from "../_args"
import { printData } from "../ui"

export default defineCommand({
  meta: { name: "version", description: "print the egc version" },
  args: { ...jsonArgs },
  run({ args }) {
    if (args.json) printData({ version: VERSION, platform: process.platform, arch: process.arch, bun: Bun.version })
    else printData(VERSION)
  },
})
