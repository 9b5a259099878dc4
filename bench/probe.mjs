// Loaded into the bot only by the benchmark's memory figures (`node --expose-gc --import
// bench/probe.mjs src/main.ts`): on {type:"memory"} over the IPC channel the harness opened, it
// collects garbage and answers with process.memoryUsage(); on {type:"usage"}, the same without
// collecting. Nothing in src/ knows about it.
process.channel?.unref();
process.on("message", (m) => {
  // {type:"usage"}: memoryUsage() as it stands, no collection (sampled during a run).
  if (m?.type === "usage") {
    process.send?.({ type: "usage", ...process.memoryUsage() });
    return;
  }
  if (m?.type !== "memory") return;
  globalThis.gc?.();
  globalThis.gc?.();
  process.send?.({ type: "memory", gc: typeof globalThis.gc === "function", ...process.memoryUsage() });
});
