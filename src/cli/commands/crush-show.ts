import { defineCommand } from "citty"
import { EgcError } from "../../core/errors"

/** The full output of a recent run, decrypted; or a part of it (`--lines 40-90`, `--grep PATTERN`). */
export default defineCommand({
  meta: { name: "show", description: "print the full output of a recent egc crush run" },
  args: {
    id: { type: "positional", description: "run id from the footer (r…)", required: true },
    raw: { type: "boolean", description: "the bytes as captured (colours and binary included)" },
    lines: { type: "string", description: "only lines A-B (1-based, inclusive), as numbered in the footer" },
    grep: {
      type: "string",
      description: "only lines matching this regular expression (case-insensitive), with their numbers",
    },
  },
  async run({ args }) {
    const range = args.lines === undefined ? undefined : /^(\d+)-(\d+)$/.exec(args.lines)
    if (args.lines !== undefined && !range)
      throw new EgcError("E_USAGE", `--lines takes A-B (say 40-90), not '${args.lines}'`)
    if (args.raw && (range || args.grep !== undefined))
      throw new EgcError("E_USAGE", "--raw prints the bytes as captured; it does not combine with --lines or --grep")
    let pattern: RegExp | undefined
    try {
      pattern = args.grep === undefined ? undefined : new RegExp(args.grep, "i")
    } catch (e) {
      throw new EgcError("E_USAGE", `--grep: not a regular expression: ${(e as Error).message}`)
    }
    const { readRun, selectLines, stripAnsi } = await (await import("../../crush")).surface()
    const { bytes, meta } = readRun(args.id)
    if (args.raw) process.stdout.write(bytes)
    else if (!range && !pattern) process.stdout.write(stripAnsi(new TextDecoder().decode(bytes)))
    else {
      process.stdout.write(
        selectLines(stripAnsi(new TextDecoder().decode(bytes)), {
          ...(range ? { from: Number(range[1]), to: Number(range[2]) } : {}),
          ...(pattern ? { pattern } : {}),
        }),
      )
    }
    if (meta.truncated) process.stderr.write(`egc crush: only the first ${meta.bytes} bytes of this run were stored\n`)
  },
})
