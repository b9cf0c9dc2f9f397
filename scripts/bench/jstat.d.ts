// jStat ships no types; the benchmark uses one function of it.
declare module 'jstat' {
  const jStat: { beta: { inv(p: number, a: number, b: number): number } };
  export default jStat;
}
