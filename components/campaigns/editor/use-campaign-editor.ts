"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import type { CampaignResource } from "@/lib/campaigns/serialize";
import {
  saveCampaignAction,
  sendCampaignAction,
  type CampaignDraft,
  type SaveIntent,
} from "@/lib/web/dashboard/actions/campaigns";
import type { SenderOptions } from "@/lib/web/dashboard/campaign-options";
import { useToast } from "../../ui/toast";
import { afterEdit, failedWith, NO_ERRORS, type EditorErrors } from "./editor-errors";

export type Delivery = "now" | "schedule";
export type PendingSend = {
  recipients: number;
  delivery: Delivery;
  scheduledAt: string | null;
  requiredNotice: boolean;
};

function initialDraft(campaign: CampaignResource | null, sender: SenderOptions): CampaignDraft {
  if (!campaign) {
    return {
      name: "",
      subject: "",
      variants: [],
      from_name: sender.defaultName,
      from_email: sender.defaultAddress ?? (sender.domains[0] ? `hello@${sender.domains[0]}` : ""),
      preview_text: "",
      template: null,
      target: "all",
      segment: null,
      topic: null,
      required_notice: false,
      ab_test: null,
      scheduled_at: null,
      variables: {},
    };
  }
  return {
    name: campaign.name,
    subject: campaign.subject,
    variants: campaign.variants.map((v) => v.subject),
    from_name: campaign.from_name,
    from_email: campaign.from_email,
    preview_text: campaign.preview_text,
    template: campaign.template,
    target: campaign.target,
    segment: campaign.segment,
    topic: campaign.topic,
    required_notice: campaign.required_notice,
    ab_test: campaign.ab_test && {
      sample_percent: campaign.ab_test.sample_percent,
      wait_hours: campaign.ab_test.wait_hours,
      metric: campaign.ab_test.metric,
    },
    scheduled_at: campaign.scheduled_at,
    variables: campaign.variables,
  };
}

/**
 * The draft editor's state: the fields, the server's 422 messages per field (until that field is
 * edited), and the three flows — save, send/schedule behind a confirmation that shows the
 * recipient count, and nothing else: the page turns into the report once the campaign is sent.
 */
export function useCampaignEditor(campaign: CampaignResource | null, sender: SenderOptions) {
  const router = useRouter();
  const toast = useToast();
  const [id, setId] = useState(campaign?.id ?? null);
  const [draft, setDraft] = useState(() => initialDraft(campaign, sender));
  const [savedKey, setSavedKey] = useState(() => (campaign ? JSON.stringify(draft) : null));
  const [delivery, setDelivery] = useState<Delivery>(campaign?.scheduled_at ? "schedule" : "now");
  const [errorState, setErrorState] = useState<EditorErrors>(NO_ERRORS);
  const [busy, setBusy] = useState<SaveIntent | "confirm" | null>(null);
  const [pendingSend, setPendingSend] = useState<PendingSend | null>(null);
  const inFlight = useRef(false);

  const dirty = JSON.stringify(draft) !== savedKey;

  function update(patch: Partial<CampaignDraft>) {
    setDraft((d) => ({ ...d, ...patch }));
    setErrorState((current) => afterEdit(current, Object.keys(patch)));
  }

  async function save(intent: SaveIntent) {
    if (inFlight.current) return null;
    inFlight.current = true;
    setBusy(intent);
    try {
      const result = await saveCampaignAction(id, draft, intent);
      if (result.status !== "success" || !result.result) {
        setErrorState(
          result.status === "error"
            ? failedWith(result.fieldErrors, result.message)
            : failedWith({}, "The draft could not be saved."),
        );
        return null;
      }
      setErrorState(NO_ERRORS);
      setId(result.result.id);
      setSavedKey(JSON.stringify(intent === "send" ? { ...draft, scheduled_at: null } : draft));
      if (intent === "send") setDraft((d) => ({ ...d, scheduled_at: null }));
      return result.result;
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  }

  /**
   * A new draft moves to its own address once nothing is pending: that page renders the same
   * editor afresh, so doing it while the confirmation is open would close it.
   */
  function openSavedDraft(savedId: string) {
    if (!campaign) router.replace(`/campaigns/${savedId}`);
  }

  async function saveDraft() {
    const saved = await save("save");
    if (!saved) return;
    toast({ title: "Draft saved" });
    openSavedDraft(saved.id);
  }

  /** Saves, then asks for confirmation with the number of contacts it will reach. */
  async function requestSend() {
    const intent = delivery === "schedule" ? "schedule" : "send";
    const saved = await save(intent);
    if (!saved) return;
    setPendingSend({
      recipients: saved.recipients,
      delivery,
      scheduledAt: intent === "schedule" ? draft.scheduled_at : null,
      requiredNotice: draft.required_notice,
    });
  }

  /** `requiredNotice`: the sender ticked "I confirm this is a required notice". */
  async function confirmSend(requiredNotice: boolean) {
    if (!id || inFlight.current) return;
    inFlight.current = true;
    setBusy("confirm");
    try {
      const result = await sendCampaignAction(id, { required_notice: requiredNotice });
      if (result.status !== "success") {
        setPendingSend(null);
        setErrorState(
          result.status === "error" ? failedWith(result.fieldErrors, result.message) : NO_ERRORS,
        );
        return;
      }
      toast({ title: result.message ?? "Campaign sent" });
      setPendingSend(null);
      // The same page now renders the campaign's progress and results.
      router.replace(`/campaigns/${id}`);
      router.refresh();
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  }

  return {
    id,
    draft,
    update,
    dirty,
    delivery,
    setDelivery,
    errors: errorState.fields,
    message: errorState.message,
    busy,
    saveDraft,
    requestSend,
    pendingSend,
    closeSend: () => {
      setPendingSend(null);
      if (id) openSavedDraft(id);
    },
    confirmSend,
  };
}
