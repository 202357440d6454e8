// The bad-input suites bundle the worker like every worker suite: in a private copy of
// edge-worker/ (see the harness), so a suite bundling other chains at the same time cannot swap
// the configuration under them.
export { buildBundle as isolatedBundle, removeBundle } from "../../edge-worker/test/harness.mjs";
