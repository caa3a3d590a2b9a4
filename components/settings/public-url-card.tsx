"use client";

import { useActionState, useEffect } from "react";
import { savePublicUrlAction } from "@/lib/web/dashboard/actions/settings";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import type { PublicUrl } from "@/lib/instance/public-url";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";
import { Notice } from "../ui/notice";
import { useToast } from "../ui/toast";

const SOURCE_NOTE: Record<PublicUrl["source"], string> = {
  environment: "Set by APP_URL where the server is configured.",
  settings: "Saved here.",
  "sign-in":
    "Proposed from the address of the first admin sign-in. Change it if recipients reach this server by another name.",
  default: "Nothing saved yet: links use this server's local address.",
};

/**
 * Settings → General → Public URL (instance-wide): the address tracking, click, unsubscribe and
 * confirmation links in email point at. Read-only while APP_URL sets it.
 */
export function PublicUrlCard({
  publicUrl,
  browserOrigin,
}: {
  publicUrl: PublicUrl;
  /** The address this page was opened at, offered when it differs from the URL in force. */
  browserOrigin: string | null;
}) {
  const toast = useToast();
  const [state, action, pending] = useActionState<FormState, FormData>(savePublicUrlAction, IDLE);
  useEffect(() => {
    if (state.status === "success") toast({ title: "Public URL saved" });
  }, [state]); // eslint-disable-line react-hooks/exhaustive-deps
  const error =
    state.status === "error" ? (state.fieldErrors.public_url ?? state.message) : undefined;
  const fromEnvironment = publicUrl.source === "environment";
  const value =
    state.status === "error" ? (state.values?.public_url ?? publicUrl.url) : publicUrl.url;

  return (
    <Card id="public-url" className="grid scroll-mt-6 gap-4 p-5 sm:p-6">
      <div>
        <h2 className="text-[15px] font-semibold text-zinc-900">Public URL</h2>
        <p className="mt-1 text-[13px] text-pretty text-zinc-500">
          The address recipients&apos; mail opens for tracking, clicks, unsubscribing and
          confirming. It is the same for every project on this server.
        </p>
      </div>
      {publicUrl.loopback && (
        <Notice tone="warning" title="Only this machine can open these links">
          {publicUrl.url} is a local address: links in email that point at it do not work for
          recipients.{" "}
          {fromEnvironment
            ? "Set APP_URL to the address people reach this server at, and restart."
            : "Enter the address people reach this server at."}
        </Notice>
      )}
      <form action={action} className="grid gap-3 sm:max-w-xl" noValidate key={publicUrl.url}>
        <Field
          id="public_url"
          label="Public URL"
          hint={`${SOURCE_NOTE[publicUrl.source]}${publicUrl.by ? ` (${publicUrl.by})` : ""}`}
          error={error}
        >
          <Input
            id="public_url"
            name="public_url"
            type="url"
            inputMode="url"
            defaultValue={value}
            readOnly={fromEnvironment}
            className={fromEnvironment ? "bg-zinc-50 text-zinc-600" : undefined}
            placeholder="https://mail.example.com"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy("public_url", error, true)}
          />
        </Field>
        {!fromEnvironment && (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="secondary" disabled={pending}>
              {pending ? "Saving…" : "Save public URL"}
            </Button>
            {browserOrigin && browserOrigin !== publicUrl.url && (
              <p className="text-[13px] text-zinc-500">
                You opened this page at <span className="font-mono">{browserOrigin}</span>.
              </p>
            )}
          </div>
        )}
      </form>
    </Card>
  );
}
