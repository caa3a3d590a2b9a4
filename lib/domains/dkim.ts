import { generateKeyPairSync } from "node:crypto";

/** A 2048-bit RSA DKIM key pair: private key as PKCS#8 PEM, public key as base64 SPKI DER. */
export function generateDkimKeyPair() {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKeyBase64: publicKey.export({ type: "spki", format: "der" }).toString("base64"),
  };
}
