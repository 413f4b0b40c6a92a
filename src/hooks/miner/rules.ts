import type { MinedKind } from "../ports"
import type { Turn } from "./transcript"

/**
 * Rule-based mining: sentences that state a decision, something to avoid, a preference or a next
 * step. Decisions, avoid and preferences come from the person's own words; next steps also from
 * the assistant's explicit "Next steps:" lines. Everything found waits for review.
 */
export interface Mined {
  kind: MinedKind
  text: string
}

const USER_RULES: Array<[MinedKind, RegExp]> = [
  ["decision", /^(?:decision|decided)\s*:\s*(.+)$/i],
  [
    "decision",
    /\b(?:we|i)(?: have)? (?:decided|agreed|chose|settled on|are going with|will go with) (?:to |that |on )?(.+)$/i,
  ],
  ["decision", /\blet'?s (?:use|go with|switch to|stick with|keep using) (.+)$/i],
  ["avoid", /^(?:avoid|never)\s*:\s*(.+)$/i],
  [
    "avoid",
    /\b(?:don'?t|do not|never|please stop|stop) (?:ever )?((?:use|using|run|running|add|adding|call|calling|touch|touching|commit|committing|push|pushing|edit|editing|install|installing) .+)$/i,
  ],
  ["avoid", /\bavoid (.+)$/i],
  ["preference", /^(?:preference|prefer)\s*:\s*(.+)$/i],
  ["preference", /\bi (?:prefer|like it when you|want you to always) (.+)$/i],
  ["preference", /\b(?:always|from now on,?) ((?:use|run|write|prefer|keep|add|put|name|format) .+)$/i],
  ["next", /^(?:next(?: steps?)?|todo)\s*:\s*(.+)$/i],
  ["next", /\bnext,? (?:we|i|you) (?:need|should|will|must|have) (?:to )?(.+)$/i],
]

const ASSISTANT_RULES: Array<[MinedKind, RegExp]> = [["next", /^(?:[-*]\s*)?(?:next(?: steps?)?|todo)\s*:\s*(.+)$/i]]

const MIN = 8
const MAX = 240

export function mine(turns: Turn[]): Mined[] {
  const out: Mined[] = []
  for (const turn of turns) {
    const rules = turn.role === "user" ? USER_RULES : ASSISTANT_RULES
    for (const sentence of sentences(turn.text)) {
      for (const [kind, pattern] of rules) {
        const m = pattern.exec(sentence)
        const text = m?.[1]?.trim().replace(/[.;,!]+$/, "")
        if (!text || text.length < MIN || text.length > MAX) continue
        out.push({
          kind,
          text:
            kind === "avoid" && !/^avoid/i.test(sentence) && !/^(?:avoid|never)\s*:/i.test(sentence)
              ? `don't ${text}`
              : text,
        })
        break
      }
    }
  }
  return out
}

function sentences(text: string): string[] {
  if (text.length > 20_000 || /<egc-memory>/.test(text)) return []
  return text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length >= MIN && !s.startsWith("```") && !s.endsWith("?"))
}
