import type { DeliverySettings } from "@/lib/delivery/relays";
import { Notice } from "../../ui/notice";

/** Where live mail goes right now, in one sentence, and what waits. */
export function DeliveryStatus({ settings }: { settings: DeliverySettings }) {
  const { source, relays, environment, waiting } = settings;
  const waitingNote =
    waiting > 0
      ? ` ${waiting.toLocaleString("en")} email${waiting === 1 ? " is" : "s are"} waiting to go out.`
      : "";
  if (source === "project") {
    const [primary, ...backups] = relays;
    return (
      <Notice tone="success" title="Delivery is connected">
        Live email goes out through {primary?.name}
        {backups.length > 0 &&
          `, with ${backups.length} backup relay${backups.length === 1 ? "" : "s"}`}
        .{waitingNote && `${waitingNote} They are on their way.`}
      </Notice>
    );
  }
  if (source === "environment" && environment) {
    return (
      <Notice tone="info" title="Using the instance default">
        {environment.kind === "smtp" ? (
          <>
            <span className="font-mono">SMTP_URL</span> ({environment.host}:{environment.port}) is
            set by the environment
          </>
        ) : (
          <>
            <span className="font-mono">RESEND_API_KEY</span> is set by the environment
          </>
        )}
        : live email goes out through it until you add a relay of this project&apos;s own.
      </Notice>
    );
  }
  return (
    <Notice tone="warning" title="Delivery is not connected">
      Live email is accepted but waits as queued until you add a relay; it then goes out by itself.
      {waitingNote}
    </Notice>
  );
}
