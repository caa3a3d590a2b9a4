"use client";

import { useRouter } from "next/navigation";
import {
  startTransition,
  useActionState,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from "react";
import type { RelayView } from "@/lib/delivery/relays";
import type { ConnectionCheck } from "@/lib/delivery/test-connection";
import { saveRelayAction, testRelayAction } from "@/lib/web/dashboard/actions/delivery";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { Button } from "../../ui/button";
import { Dialog, DialogBody, DialogContent, DialogFooter, DialogTrigger } from "../../ui/dialog";
import { describedBy, Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { Notice } from "../../ui/notice";
import { SegmentedControl } from "../../ui/segmented-control";
import { Switch } from "../../ui/switch";
import { useToast } from "../../ui/toast";

type Kind = "smtp" | "resend";
type TlsMode = "starttls" | "tls" | "none";

const TLS_OPTIONS: { value: TlsMode; label: string }[] = [
  { value: "starttls", label: "STARTTLS" },
  { value: "tls", label: "TLS" },
  { value: "none", label: "None" },
];
const DEFAULT_PORT: Record<TlsMode, string> = { starttls: "587", tls: "465", none: "25" };

type Props = {
  /** Absent: add a relay of `kind`. Present: edit it. */
  relay?: RelayView;
  kind?: Kind;
  /** Suggested priority for a new relay (after the existing ones). */
  nextPriority?: number;
  trigger: ReactNode;
};

export function RelayFormDialog({ relay, kind, nextPriority = 0, trigger }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      {open && (
        <RelayForm
          relay={relay}
          initialKind={relay?.kind ?? kind ?? "smtp"}
          nextPriority={nextPriority}
          onDone={() => setOpen(false)}
        />
      )}
    </Dialog>
  );
}

function RelayForm({
  relay,
  initialKind,
  nextPriority,
  onDone,
}: {
  relay?: RelayView;
  initialKind: Kind;
  nextPriority: number;
  onDone: () => void;
}) {
  const router = useRouter();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const id = relay?.id ?? null;
  const [state, save, saving] = useActionState<FormState, FormData>(
    saveRelayAction.bind(null, id),
    IDLE,
  );
  const [check, test, testing] = useActionState<FormState<ConnectionCheck>, FormData>(
    testRelayAction.bind(null, id),
    IDLE,
  );
  const [kind, setKind] = useState<Kind>(initialKind);
  const [tlsMode, setTlsMode] = useState<TlsMode>(relay?.tlsMode ?? "starttls");
  const [port, setPort] = useState(String(relay?.port ?? DEFAULT_PORT.starttls));
  const [verify, setVerify] = useState(relay?.verifyCertificate ?? true);

  useEffect(() => {
    if (state.status !== "success") return;
    toast({ title: state.message ?? "Saved" });
    onDone();
    router.refresh();
  }, [state]); // eslint-disable-line react-hooks/exhaustive-deps

  // The last answer wins: a test's field errors, else the save's.
  const latest = check.status === "error" && (state.status !== "error" || check.at > state.at);
  const shown = latest ? check : state;
  const errors = shown.status === "error" ? shown.fieldErrors : {};
  const formLevel = shown.status === "error" && Object.keys(errors).length === 0;
  const result = check.status === "success" ? check.result : undefined;

  function formData() {
    const form = new FormData(formRef.current!);
    form.set("kind", kind);
    if (kind === "smtp") {
      form.set("tls_mode", tlsMode);
      form.set("verify_certificate", verify ? "on" : "off");
    }
    return form;
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    startTransition(() => save(formData()));
  }
  function runTest() {
    startTransition(() => test(formData()));
  }
  function pickTls(mode: TlsMode) {
    // Follow the mode's usual port unless the admin typed another one.
    if (port === DEFAULT_PORT[tlsMode]) setPort(DEFAULT_PORT[mode]);
    setTlsMode(mode);
  }

  const secretSaved = relay?.secretSet && relay.secretReadable;
  const keepHint = secretSaved
    ? `Saved${relay?.secretHint ? ` (…${relay.secretHint})` : ""}. Leave blank to keep it.`
    : undefined;

  return (
    <DialogContent
      title={
        relay ? `Edit ${relay.name}` : kind === "resend" ? "Connect Resend" : "Add an SMTP relay"
      }
      description={
        kind === "resend"
          ? "Mail goes out through Resend's API with this key. The key is stored encrypted and never shown again."
          : "Your provider's SMTP settings (Postmark, Amazon SES, Mailgun, your own server…). The password is stored encrypted and never shown again."
      }
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <DialogBody>
          {!relay && (
            <SegmentedControl
              label="Provider"
              value={kind}
              onValueChange={setKind}
              options={[
                { value: "smtp", label: "SMTP relay" },
                { value: "resend", label: "Resend" },
              ]}
            />
          )}
          {formLevel && <Notice tone="error">{shown.message}</Notice>}
          <Field id="relay-name" label="Name" error={errors.name}>
            <Input
              id="relay-name"
              name="name"
              autoComplete="off"
              maxLength={100}
              placeholder={kind === "resend" ? "Resend" : "Postmark, Office relay…"}
              defaultValue={relay?.name ?? (kind === "resend" ? "Resend" : "")}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy("relay-name", errors.name)}
            />
          </Field>
          {kind === "smtp" ? (
            <>
              <div className="grid gap-4 sm:grid-cols-[1fr_7rem]">
                <Field id="relay-host" label="Host" error={errors.host}>
                  <Input
                    id="relay-host"
                    name="host"
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="smtp.postmarkapp.com"
                    defaultValue={relay?.host ?? ""}
                    className="font-mono text-[13px]"
                    aria-invalid={errors.host ? true : undefined}
                    aria-describedby={describedBy("relay-host", errors.host)}
                  />
                </Field>
                <Field id="relay-port" label="Port" error={errors.port}>
                  <Input
                    id="relay-port"
                    name="port"
                    inputMode="numeric"
                    autoComplete="off"
                    value={port}
                    onChange={(event) => setPort(event.target.value)}
                    className="font-mono text-[13px]"
                    aria-invalid={errors.port ? true : undefined}
                    aria-describedby={describedBy("relay-port", errors.port)}
                  />
                </Field>
              </div>
              <Field
                id="relay-tls"
                label="Encryption"
                error={errors.tls_mode}
                hint={
                  tlsMode === "starttls"
                    ? "Upgrades the connection with STARTTLS; refuses to send if the server can't (usually port 587)."
                    : tlsMode === "tls"
                      ? "TLS from the first byte (usually port 465)."
                      : "No encryption: only for a relay on this machine or a private network."
                }
              >
                <SegmentedControl
                  id="relay-tls"
                  label="Encryption"
                  value={tlsMode}
                  onValueChange={pickTls}
                  options={TLS_OPTIONS}
                />
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="relay-username" label="Username" error={errors.username}>
                  <Input
                    id="relay-username"
                    name="username"
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="Optional"
                    defaultValue={relay?.username ?? ""}
                    aria-invalid={errors.username ? true : undefined}
                    aria-describedby={describedBy("relay-username", errors.username)}
                  />
                </Field>
                <Field id="relay-password" label="Password" error={errors.password} hint={keepHint}>
                  <Input
                    id="relay-password"
                    name="password"
                    type="password"
                    autoComplete="new-password"
                    placeholder={secretSaved ? "••••••••" : ""}
                    aria-invalid={errors.password ? true : undefined}
                    aria-describedby={describedBy("relay-password", errors.password, !!keepHint)}
                  />
                </Field>
              </div>
              {tlsMode !== "none" && (
                <label className="flex cursor-pointer items-start gap-3 text-[13px]">
                  <Switch
                    checked={verify}
                    onCheckedChange={setVerify}
                    aria-label="Verify the server's certificate"
                  />
                  <span>
                    <span className="font-medium text-zinc-800">
                      Verify the server&apos;s certificate
                    </span>
                    <span className="block text-zinc-500">
                      Turn off only for a relay with a self-signed certificate.
                    </span>
                  </span>
                </label>
              )}
            </>
          ) : (
            <Field id="relay-api-key" label="API key" error={errors.api_key} hint={keepHint}>
              <Input
                id="relay-api-key"
                name="api_key"
                type="password"
                autoComplete="off"
                spellCheck={false}
                placeholder={secretSaved ? "••••••••" : "re_…"}
                className="font-mono text-[13px]"
                aria-invalid={errors.api_key ? true : undefined}
                aria-describedby={describedBy("relay-api-key", errors.api_key, !!keepHint)}
              />
            </Field>
          )}
          <Field
            id="relay-priority"
            label="Priority"
            error={errors.priority}
            hint="Relays are tried from the lowest number up; the next one takes over when one is down or busy."
          >
            <Input
              id="relay-priority"
              name="priority"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={String(relay?.priority ?? nextPriority)}
              className="w-24 font-mono text-[13px]"
              aria-invalid={errors.priority ? true : undefined}
              aria-describedby={describedBy("relay-priority", errors.priority, true)}
            />
          </Field>
          {result && <ConnectionResult check={result} />}
        </DialogBody>
        <DialogFooter>
          <Button type="button" variant="secondary" onClick={runTest} disabled={testing}>
            {testing ? "Testing…" : "Test connection"}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving…" : relay ? "Save" : kind === "resend" ? "Connect" : "Add relay"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** What the server said, step by step, in its own words. */
export function ConnectionResult({ check }: { check: ConnectionCheck }) {
  const title = check.ok
    ? "Connection works"
    : check.stage === "auth"
      ? "The server refused the login"
      : check.stage === "tls"
        ? "The secure connection failed"
        : "Could not connect";
  return (
    <Notice tone={check.ok ? "success" : "error"} title={title}>
      {check.steps.length > 0 && <p>{check.steps.join(" · ")}</p>}
      {check.answer && <p className="mt-1 font-mono text-[12px] break-words">{check.answer}</p>}
    </Notice>
  );
}
