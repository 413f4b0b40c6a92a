/** Markdown files imported as text (`with { type: "text" }`): tool descriptions and server instructions. */
declare module "*.md" {
  const text: string
  export default text
}
