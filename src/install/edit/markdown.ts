import { eolOf } from "./_malformed"

/**
 * The memory protocol lives in instruction files between versioned markers, so a newer egc
 * upgrades it in place and uninstall removes exactly it.
 */
const BLOCK = /(\r?\n)*<!-- egc:protocol v(\d+) -->[\s\S]*?<!-- \/egc:protocol -->(\r?\n)?/

export function renderBlock(text: string, version: number, eol = "\n"): string {
  return [`<!-- egc:protocol v${version} -->`, ...text.trim().split(/\r?\n/), "<!-- /egc:protocol -->"].join(eol)
}

export function setBlock(file: string, text: string, version: number): string {
  const eol = eolOf(file)
  const block = renderBlock(text, version, eol)
  const m = BLOCK.exec(file)
  if (m) {
    const lead = m.index === 0 ? "" : `${eol}${eol}`
    const next = `${lead}${block}${eol}`
    return m[0] === next ? file : file.slice(0, m.index) + next + file.slice(m.index + m[0].length)
  }
  if (file.length === 0) return `${block}${eol}`
  const body = file.replace(/(\r?\n)*$/, "")
  return `${body}${eol}${eol}${block}${eol}`
}

export function removeBlock(file: string): string {
  const m = BLOCK.exec(file)
  if (!m) return file
  const before = file.slice(0, m.index)
  const after = file.slice(m.index + m[0].length)
  return before.length && after.length
    ? `${before}${eolOf(file)}${after}`
    : before.length
      ? `${before}${eolOf(file)}`
      : after
}

export function blockPresent(file: string, text: string, version: number): boolean {
  return file.includes(renderBlock(text, version, eolOf(file)))
}
