declare module "*/token-savings.txt" {
  const text: string
  export default text
}
