import { tokenSavings } from "./token-savings"

export const crushTools = [tokenSavings]
