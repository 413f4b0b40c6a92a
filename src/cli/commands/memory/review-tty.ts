import { createInterface } from "node:readline"
import type { Readable, Writable } from "node:stream"
import type { ItemEdits, ItemView, WriteResult } from "../../../memory"
import { detail } from "./_shared"

interface ReviewIo {
  /** One answer line; undefined when the input ended. */
  ask(question: string): Promise<string | undefined>
  say(text: string): void
}

interface ReviewActions {
  approve(id: string, edits?: ItemEdits): WriteResult
  reject(id: string): WriteResult
  edit(id: string, edits: ItemEdits): WriteResult
}

interface ReviewTally {
  approved: string[]
  rejected: string[]
  skipped: string[]
}

const KEYS = "[y] approve  [n] reject  [e] edit then approve  [k] change kind  [s] skip  [q] quit"

/** Line-based io over any streams: the terminal, or an injected stream in tests. */
export function streamIo(input: Readable, output: Writable): ReviewIo & { close(): void } {
  const rl = createInterface({ input, terminal: false })
  const lines = rl[Symbol.asyncIterator]()
  return {
    async ask(question) {
      output.write(question)
      const next = await lines.next()
      return next.done ? undefined : String(next.value)
    },
    say: (text) => void output.write(`${text}\n`),
    close: () => rl.close(),
  }
}

const outcome = (r: WriteResult) => (r.outcome === "refused" ? `refused: ${r.reason ?? "unknown reason"}` : undefined)

/** One pending item at a time: y/n/e/k/s, q or the end of input stops (what is left stays pending). */
export async function reviewLoop(items: ItemView[], io: ReviewIo, act: ReviewActions): Promise<ReviewTally> {
  const tally: ReviewTally = { approved: [], rejected: [], skipped: [] }
  let index = 0
  for (const item of items) {
    index++
    let view = item
    io.say(`\n(${index}/${items.length})\n${detail(view)}\n`)
    for (;;) {
      const answer = (await io.ask(`${KEYS}\n> `))?.trim().toLowerCase()
      if (answer === undefined || answer === "q") return finish(tally, items, index - 1)
      if (answer === "y") {
        const failed = outcome(act.approve(view.id))
        if (!failed) tally.approved.push(view.id)
        io.say(failed ?? `approved ${view.id}`)
        if (failed) continue
        break
      }
      if (answer === "n") {
        const failed = outcome(act.reject(view.id))
        if (!failed) tally.rejected.push(view.id)
        io.say(failed ?? `rejected ${view.id}`)
        if (failed) continue
        break
      }
      if (answer === "s" || answer === "skip" || answer === "") {
        tally.skipped.push(view.id)
        break
      }
      if (answer === "e") {
        const title = await io.ask(`title [${view.title}]: `)
        const body = await io.ask("text (empty keeps it): ")
        if (title === undefined || body === undefined) return finish(tally, items, index - 1)
        const edits: ItemEdits = {
          ...(title.trim() ? { title: title.trim() } : {}),
          ...(body.trim() ? { body: body.trim() } : {}),
        }
        const failed = outcome(act.approve(view.id, edits))
        if (!failed) tally.approved.push(view.id)
        io.say(failed ?? `edited and approved ${view.id}`)
        if (failed) continue
        break
      }
      if (answer === "k") {
        const kind = (await io.ask(`kind [${view.kind}]: `))?.trim()
        if (kind === undefined) return finish(tally, items, index - 1)
        if (!kind) continue
        const failed = outcome(act.edit(view.id, { kind }))
        if (!failed) view = { ...view, kind }
        io.say(failed ?? `kind is now ${kind}; still pending`)
        continue
      }
      io.say(`'${answer}'? ${KEYS}`)
    }
  }
  return tally
}

function finish(tally: ReviewTally, items: ItemView[], done: number): ReviewTally {
  for (const v of items.slice(done))
    if (!tally.approved.includes(v.id) && !tally.rejected.includes(v.id)) tally.skipped.push(v.id)
  return tally
}
