import { get } from "../api.ts"
import { clear, h } from "../dom.ts"

export async function toldView(main: HTMLElement): Promise<void> {
  const t = await get<{ available: boolean; message: string }>("/api/told")
  clear(main, h("h1", {}, "What the agent was told"), h("div", { class: "panel" }, h("p", {}, t.message)))
}
