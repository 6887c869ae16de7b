/** Counts unhandled rejections and uncaught exceptions while installed: both must stay at zero. */
export function watchProcessFaults() {
  const seen: unknown[] = [];
  const record = (reason: unknown) => {
    seen.push(reason);
  };
  process.on('unhandledRejection', record);
  process.on('uncaughtException', record);
  return {
    get seen(): readonly unknown[] {
      return seen;
    },
    stop() {
      process.off('unhandledRejection', record);
      process.off('uncaughtException', record);
    },
  };
}
