// Which Portals confirmed the vault derivation, remembered across isolates (chain/vault-derivation.js
// asks the chain once per configuration and stores a confirmation here).
import { DurableObject } from "cloudflare:workers";

/** One chain's remembered confirmation, named by chain, Portal and the vault the configuration implies. */
export class VaultDerivations extends DurableObject {
  async confirmed() {
    return (await this.ctx.storage.get("confirmed")) === true;
  }

  async confirm() {
    await this.ctx.storage.put("confirmed", true);
  }
}
