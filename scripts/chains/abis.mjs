// Minimal human-readable ABI fragments (ethers v6) for the real contracts the local scripts call.
// Where a contract overloads a name (FiatToken's permit and *WithAuthorization take either v, r, s
// or a bytes signature), only the form used here is listed, so ethers never has to choose.

export const ERC20_ABI = Object.freeze([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

/** EIP-2612 as both Circle's FiatToken and OpenZeppelin's ERC20Permit implement it. */
export const EIP2612_ABI = Object.freeze([
  ...ERC20_ABI,
  'function DOMAIN_SEPARATOR() view returns (bytes32)',
  'function nonces(address owner) view returns (uint256)',
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
]);

/** Circle's FiatToken v2.2 (USDC): ERC-3009, EIP-2612 and what the deploy script configures. */
export const FIAT_TOKEN_ABI = Object.freeze([
  ...EIP2612_ABI,
  'function version() view returns (string)',
  'function TRANSFER_WITH_AUTHORIZATION_TYPEHASH() view returns (bytes32)',
  'function RECEIVE_WITH_AUTHORIZATION_TYPEHASH() view returns (bytes32)',
  'function PERMIT_TYPEHASH() view returns (bytes32)',
  'function authorizationState(address authorizer, bytes32 nonce) view returns (bool)',
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
  'function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
  'function initialize(string tokenName, string tokenSymbol, string tokenCurrency, uint8 tokenDecimals, address newMasterMinter, address newPauser, address newBlacklister, address newOwner)',
  'function initializeV2(string newName)',
  'function initializeV2_1(address lostAndFound)',
  'function initializeV2_2(address[] accountsToBlacklist, string newSymbol)',
  'function configureMinter(address minter, uint256 minterAllowedAmount) returns (bool)',
  'function mint(address to, uint256 amount) returns (bool)',
  'function currency() view returns (string)',
]);

/** Canonical Permit2's allowance transfer (what the relayer and an intent vault use). */
export const PERMIT2_ABI = Object.freeze([
  'function DOMAIN_SEPARATOR() view returns (bytes32)',
  'function allowance(address user, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function permit(address owner, ((address token, uint160 amount, uint48 expiration, uint48 nonce) details, address spender, uint256 sigDeadline) permitSingle, bytes signature)',
  'function transferFrom(address from, address to, uint160 amount, address token)',
  'error InvalidSignature()',
  'error InvalidSigner()',
  'error InvalidNonce()',
  'error SignatureExpired(uint256 signatureDeadline)',
  'error AllowanceExpired(uint256 deadline)',
  'error InsufficientAllowance(uint256 amount)',
]);

export const PERMIT2_SINGLE_TYPES = Object.freeze({
  PermitSingle: [{ name: 'details', type: 'PermitDetails' }, { name: 'spender', type: 'address' }, { name: 'sigDeadline', type: 'uint256' }],
  PermitDetails: [{ name: 'token', type: 'address' }, { name: 'amount', type: 'uint160' }, { name: 'expiration', type: 'uint48' }, { name: 'nonce', type: 'uint48' }],
});

export const ERC3009_TYPES = Object.freeze({
  TransferWithAuthorization: [
    { name: 'from', type: 'address' }, { name: 'to', type: 'address' }, { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' }, { name: 'validBefore', type: 'uint256' }, { name: 'nonce', type: 'bytes32' },
  ],
});

export const EIP2612_TYPES = Object.freeze({
  Permit: [
    { name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' },
    { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' },
  ],
});
