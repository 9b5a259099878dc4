// Loaded only by bench/record-scale.ts into each command it times (`node --import bench/peak.mjs
// src/cli.ts record …`): at exit, the process's peak resident memory (getrusage's maxrss, in KB) and
// the CPU time it used (user and system, in µs: the steady figure on a shared machine, where wall
// time waits for the other work) on standard error, where the benchmark reads them. Nothing in src/
// knows about it.
process.on("exit", () => {
  const u = process.resourceUsage();
  process.stderr.write(`\nbench-peak-rss-kb ${u.maxRSS} bench-cpu-us ${u.userCPUTime + u.systemCPUTime}\n`);
});
