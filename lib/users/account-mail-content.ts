import type { Block } from "../templates/blocks";
import { serializeBlocks } from "../templates/blocks";
import { renderTemplate, type RenderedEmail } from "../templates/render";
import type { Variables } from "../templates/variables";

/**
 * The words of the account emails (lib/users/account-mail.ts), built from the same blocks and
 * React Email renderer as every template, so they look like the rest of the product's mail.
 * Names and addresses are variables: they are filled as text, never read as formatting.
 * One-time links are never click-tracked (`track: false`): they must reach the reader as written.
 */
const THEME = { brandColor: "#4f46e5", backgroundColor: "#f4f4f5" };

function render(subject: string, blocks: Block[], variables: Variables): Promise<RenderedEmail> {
  const source = serializeBlocks({ blocks, theme: THEME });
  return renderTemplate({ subject, source, format: "blocks" }, variables);
}

export function passwordResetEmail(values: {
  email: string;
  resetUrl: string;
  expiresIn: string;
}): Promise<RenderedEmail> {
  return render(
    "Reset your Mailwright password",
    [
      { type: "heading", level: 1, text: "Reset your password" },
      {
        type: "text",
        text: "Someone asked to reset the password of the Mailwright account **{{ data.email }}**. If it was you, choose a new password:",
      },
      {
        type: "button",
        label: "Choose a new password",
        href: "{{ data.reset_url }}",
        track: false,
      },
      {
        type: "text",
        size: "small",
        text: "The link works once, for {{ data.expires_in }}. Once you have chosen a new password, every browser signed in to your account is signed out. If the button does not work, paste this address into your browser:\n{{ data.reset_url }}",
      },
      { type: "divider" },
      {
        type: "text",
        size: "small",
        text: "Didn’t ask for this? Ignore this email: your password stays as it is.",
      },
    ],
    { data: { email: values.email, reset_url: values.resetUrl, expires_in: values.expiresIn } },
  );
}

export function invitationEmail(values: {
  projectName: string;
  inviter: string | null;
  role: "admin" | "member";
  acceptUrl: string;
  expiresOn: string;
}): Promise<RenderedEmail> {
  const who = values.inviter ? "{{ data.inviter }} invited you" : "You are invited";
  return render(
    values.inviter
      ? "{{ data.inviter }} invited you to {{ data.project }} on Mailwright"
      : "You are invited to {{ data.project }} on Mailwright",
    [
      { type: "heading", level: 1, text: "Join {{ data.project }}" },
      {
        type: "text",
        text: `${who} to join **{{ data.project }}** on Mailwright as {{ data.role }}. Accept to set up your account, or to add the project to the account you have.`,
      },
      {
        type: "button",
        label: "Accept the invitation",
        href: "{{ data.accept_url }}",
        track: false,
      },
      {
        type: "text",
        size: "small",
        text: "The link works once, for this email address, until {{ data.expires_on }}. If the button does not work, paste this address into your browser:\n{{ data.accept_url }}",
      },
      { type: "divider" },
      {
        type: "text",
        size: "small",
        text: "Not expecting this? Ignore this email: nothing happens unless the link is used.",
      },
    ],
    {
      data: {
        project: values.projectName,
        inviter: values.inviter ?? "",
        role: values.role === "admin" ? "an admin" : "a member",
        accept_url: values.acceptUrl,
        expires_on: values.expiresOn,
      },
    },
  );
}
