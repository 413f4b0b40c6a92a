/** @module ui — `egc ui`: the local web page over memory, guard, savings and the mesh. */
export { startUi, type UiServer } from "./server"
