export { restore as default } from "./backup"
