import { EgcError } from "../../core/errors"
import { surface } from "../../sync"
import type { UiContext } from "../context"

/**
 * Team sync for the page: the remote, who you are to the team, when you last pushed and pulled, and
 * what came from whom and when (the sync store keeps each pulled item's author and time; the item
 * itself is read through memory's reader). A project without a team remote says so.
 */
export async function syncView(ctx: UiContext) {
  const { status, teamCtx } = await surface()
  let team: ReturnType<typeof teamCtx>
  try {
    team = teamCtx(ctx.project)
  } catch (e) {
    if (e instanceof EgcError && e.code === "E_NOT_FOUND") return { team: null }
    throw e
  }
  const s = status(ctx.memory, team)
  return {
    team: {
      remote: s.remote,
      member: s.member,
      trusted: s.trusted,
      keys: s.keys,
      pushedAt: s.pushedAt ?? null,
      pulledAt: s.pulledAt ?? null,
      sent: s.sent,
    },
    // newest first: what arrived last is what a person looks for
    received: [...s.received]
      .sort((a, b) => b.at - a.at)
      .map((r) => ({
        id: r.id,
        from: r.from ?? null,
        at: r.at,
        title: r.title ?? null,
        status: r.forgotten ? "forgotten" : (r.status ?? null),
      })),
    refused: s.refused,
  }
}
