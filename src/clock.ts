/** Epoch milliseconds; injected so tests can move time. */
export type Clock = () => number;
