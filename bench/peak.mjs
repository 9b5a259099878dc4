// Loaded only by bench/record-scale.ts into each command it times (`node --import bench/peak.mjs
// src/cli.ts record …`): at exit, the process's peak resident memory (getrusage's maxrss, in KB) on
// standard error, where the benchmark reads it. Nothing in src/ knows about it.
process.on("exit", () => {
  process.stderr.write(`\nbench-peak-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
