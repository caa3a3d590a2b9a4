/** The relay form of Settings → Delivery (dashboard only: no API route takes it). */
import { z } from "zod";

const Name = z.string({ error: "must be a string" }).trim().min(1, "is required").max(100);

/** A host name or an IP address, no scheme or port: what the relay's provider tells you. */
const Host = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, "is required")
  .max(253)
  .regex(/^[A-Za-z0-9.:[\]-]+$/, "must be a host name or IP address, such as smtp.example.com");

const Port = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(1, "must be between 1 and 65535")
  .max(65535, "must be between 1 and 65535");

const Priority = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(0, "must be 0 or more")
  .max(1000, "must be at most 1000");

/** Blank on an update keeps the stored secret (it is never shown again). */
const Secret = z.string({ error: "must be a string" }).max(1000).optional();

export const SmtpRelayInput = z.object({
  kind: z.literal("smtp"),
  name: Name,
  host: Host,
  port: Port,
  tls_mode: z.enum(["starttls", "tls", "none"], { error: "must be starttls, tls or none" }),
  verify_certificate: z.boolean().default(true),
  username: z.string().trim().max(320).optional(),
  password: Secret,
  priority: Priority.default(0),
});

export const ResendRelayInput = z.object({
  kind: z.literal("resend"),
  name: Name,
  api_key: Secret,
  priority: Priority.default(0),
});

export const RelayInput = z.discriminatedUnion("kind", [SmtpRelayInput, ResendRelayInput], {
  error: "kind must be smtp or resend",
});
export type RelayInput = z.input<typeof RelayInput>;
