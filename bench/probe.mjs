// Loaded into the bot only by the benchmark's memory figures (`node --expose-gc --import
// bench/probe.mjs src/main.ts`): on {type:"memory"} over the IPC channel the harness opened, it
// collects garbage and answers with process.memoryUsage(). Nothing in src/ knows about it.
process.channel?.unref();
process.on("message", (m) => {
  if (m?.type !== "memory") return;
  globalThis.gc?.();
  globalThis.gc?.();
  process.send?.({ type: "memory", gc: typeof globalThis.gc === "function", ...process.memoryUsage() });
});
