/**
 * Each application's Ed25519 key pair (facts §9): the service signs every
 * interaction it POSTs to an endpoint with the private key, and the app
 * verifies with the public key the developer portal shows. Node's own crypto.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import type { World } from '../state/world.js';

export interface KeyPair {
  /** 32 bytes, hex: what bots are configured with (`PUBLIC_KEY`). */
  publicKey: string;
  /** The 32-byte seed, hex. Secret. */
  privateKey: string;
}

const b64url = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');
const hexOf = (b64: string) => Buffer.from(b64, 'base64url').toString('hex');

export function generateKeyPair(): KeyPair {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  return { publicKey: hexOf(jwk.x!), privateKey: hexOf(jwk.d!) };
}

/** A seeded pair must be two 32-byte hex strings that belong together. */
export function checkKeyPair(pair: KeyPair): string | undefined {
  if (!/^[0-9a-f]{64}$/i.test(pair.publicKey) || !/^[0-9a-f]{64}$/i.test(pair.privateKey))
    return 'public_key and private_key must be 64 hex digits (32 bytes) each';
  const derived = createPublicKey(privateKeyObject(pair.privateKey)).export({ format: 'jwk' }).x!;
  return hexOf(derived) === pair.publicKey.toLowerCase() ? undefined : 'public_key does not belong to private_key';
}

/** The PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410), so Node can load a key stored as 32 bytes. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

function privateKeyObject(privateHex: string) {
  return createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, Buffer.from(privateHex, 'hex')]),
    format: 'der',
    type: 'pkcs8',
  });
}

/**
 * Key objects by seed: loading one (DER parse) cost more than the signature
 * itself on every delivery. Few applications per emulator; the bound only
 * keeps a process that makes many emulators from keeping every key.
 */
const MAX_SIGNING_KEYS = 64;
const signingKeys = new Map<string, KeyObject>();

function signingKey(privateHex: string): KeyObject {
  let key = signingKeys.get(privateHex);
  if (key) return key;
  if (signingKeys.size >= MAX_SIGNING_KEYS) signingKeys.clear();
  signingKeys.set(privateHex, (key = privateKeyObject(privateHex)));
  return key;
}

/** The hex signature of `timestamp + body`, as sent in X-Signature-Ed25519. */
export function signInteraction(privateHex: string, timestamp: string, body: string): string {
  return sign(null, Buffer.from(timestamp + body), signingKey(privateHex)).toString('hex');
}

export function verifyInteraction(publicHex: string, timestamp: string, body: string, signatureHex: string): boolean {
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: b64url(publicHex) }, format: 'jwk' });
    return verify(null, Buffer.from(timestamp + body), key, Buffer.from(signatureHex, 'hex'));
  } catch {
    return false;
  }
}

/** Gives every application without a key pair one (data files written before keys existed); true when any was added. */
export function ensureKeyPairs(world: World): boolean {
  let added = false;
  for (const app of Object.values(world.applications)) {
    if (app.publicKey && app.privateKey) continue;
    Object.assign(app, generateKeyPair());
    added = true;
  }
  return added;
}
