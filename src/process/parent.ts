/**
 * One stop under npm. Run by npm (`npm start`, `npm run sandbox:env`: npm, then `sh -c "node …"`, then
 * this process), a SIGTERM to npm (a service manager, `kill`) reaches npm and its shell but not this
 * process: the shell dies and this one would go on, re-parented, still holding its port. So when the
 * process that started it is gone, it stops as on SIGTERM. Only under npm: `nohup node dist/main.js &`
 * is meant to outlive its shell.
 */
export function stopWithParent(env: Record<string, string | undefined>, everyMs = 500): void {
  if (!env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, "SIGTERM");
  }, everyMs);
  watch.unref();
}
