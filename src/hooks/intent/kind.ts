import type { MinedKind } from "../ports"

/**
 * Which state section a remembered sentence belongs to, so it shows up at the next session start
 * (the state view has Decisions, Avoid and Preferences). Negations mean avoid; "prefer", "always"
 * and "from now on" mean preference; anything else is recorded as a decision the person stated.
 */
const AVOID = /\b(don'?t|do not|never|avoid|stop)\b|não |nunca|no (uses|hagas)|ne (pas|jamais)|nicht|niemals|non |mai |asla|yapma|не |никогда|不要|别|しないで|禁止|하지 ?마|मत |لا ت/i
const PREFER = /\b(prefer|always|from now on|going forward|by default)\b|prefir|prefier|préf|bevorzug|immer|sempre|siempre|toujours|her zaman|всегда|предпоч|总是|一律|常に|항상|हमेशा|دائما/i

export function rememberKind(text: string): MinedKind {
  if (AVOID.test(text)) return "avoid"
  if (PREFER.test(text)) return "preference"
  return "decision"
}
