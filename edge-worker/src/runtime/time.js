// The worker's clock as the core takes it: Unix seconds. The core has no clock of its own.

/** Now, in whole Unix seconds. */
export const nowSec = () => Math.floor(Date.now() / 1000);
