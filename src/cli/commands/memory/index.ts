import { defineCommand } from "citty"
import { add, edit } from "./add"
import { grant, resolve, restore } from "./decide"
import { approve, forget, history, reject, show, unforget } from "./item"
import { list, search } from "./list"
import { audit, consent, review, state } from "./review"
import { exportCmd, importCmd } from "./transfer"
import { branches } from "./branches"

/** `egc memory …`: a person's view of memory — list, search, show, review, forget, history, audit. */
export default defineCommand({
  meta: {
    name: "memory",
    description:
      "your view of memory: list, search, show, add, edit, review, approve, reject, forget, restore, grant, resolve, history, audit, export, import, branches",
  },
  subCommands: {
    list,
    search,
    show,
    add,
    edit,
    state,
    review,
    approve,
    reject,
    forget,
    unforget,
    restore,
    history,
    consent,
    grant,
    resolve,
    audit,
    export: exportCmd,
    import: importCmd,
    branches,
  },
})
