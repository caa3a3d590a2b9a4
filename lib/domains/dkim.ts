import { generateKeyPair } from "node:crypto";
import { promisify } from "node:util";

const generateKeyPairAsync = promisify(generateKeyPair);

/**
 * A 2048-bit RSA DKIM key pair: private key as PKCS#8 PEM, public key as base64 SPKI DER (the
 * `p=` value). Generated off the event loop: an RSA key takes tens to hundreds of milliseconds.
 */
export async function generateDkimKeyPair() {
  const { publicKey, privateKey } = await generateKeyPairAsync("rsa", { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKeyBase64: publicKey.export({ type: "spki", format: "der" }).toString("base64"),
  };
}

export const DKIM_SELECTOR = "mailwright";
