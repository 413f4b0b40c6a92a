// C0 controls but tab and line feed, DEL, C1, and the invisible and bidi-steering characters
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/g

/**
 * Text for an error message that may quote input (a bad id, a path): terminal escapes and
 * bidirectional controls are shown as visible escapes, so a message cannot repaint the terminal
 * or reorder what a person reads.
 */
export function safeText(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const code = c.charCodeAt(0)
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`
  })
}
