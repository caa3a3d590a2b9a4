"use server";

import { revalidatePath } from "next/cache";
import { deleteContact } from "@/lib/contacts/delete";
import { getContact } from "@/lib/contacts/get";
import { findContactByEmail } from "@/lib/contacts/internal";
import { updateContact } from "@/lib/contacts/update";
import { upsertContact } from "@/lib/contacts/upsert";
import { addContactTag, removeContactTag } from "@/lib/contacts/tags";
import {
  listContactStory,
  serializeContactStory,
  STORY_PAGE_SIZE,
  type ContactStoryResource,
} from "@/lib/contacts/timeline";
import { NotFoundError, ValidationError } from "@/lib/core/errors";
import { dataPatchFor, parseContactForm } from "../contact-form";
import { requireDashboard } from "../context";
import { failure, success, toFormState, type FormState } from "../form-state";

const FIELDS = ["email", "name", "subscribed", "data"] as const;

export async function createContactAction(
  _previous: FormState<{ id: string }>,
  form: FormData,
): Promise<FormState<{ id: string }>> {
  const { ctx } = await requireDashboard();
  const parsed = parseContactForm(form, { withEmail: true });
  if (!parsed.ok) return failure("Please correct the highlighted fields.", parsed.fieldErrors);
  try {
    // The API upserts by email; the dashboard's "create" must not silently edit someone else.
    const existing = await findContactByEmail(ctx.db, ctx.projectId, parsed.input.email ?? "");
    if (existing) {
      return failure("A contact with this email already exists.", {
        email: "A contact with this email already exists. Edit it instead.",
      });
    }
    const { contact } = await upsertContact(ctx, parsed.input, { source: "dashboard" });
    revalidatePath("/contacts");
    revalidatePath("/overview");
    return success("Contact created", { id: contact.id });
  } catch (error) {
    return toFormState(error, FIELDS);
  }
}

export async function updateContactAction(
  contactId: string,
  _previous: FormState<{ id: string }>,
  form: FormData,
): Promise<FormState<{ id: string }>> {
  const { ctx } = await requireDashboard();
  const parsed = parseContactForm(form, { withEmail: false });
  if (!parsed.ok) return failure("Please correct the highlighted fields.", parsed.fieldErrors);
  try {
    const current = await getContact(ctx, contactId);
    const { data, ...rest } = parsed.input;
    await updateContact(ctx, contactId, { ...rest, data: dataPatchFor(current.data, data ?? {}) });
    revalidatePath("/contacts");
    revalidatePath(`/contacts/${contactId}`);
    return success("Contact saved", { id: contactId });
  } catch (error) {
    if (error instanceof NotFoundError) return failure("This contact no longer exists.");
    return toFormState(error, FIELDS);
  }
}

export async function deleteContactAction(contactId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await deleteContact(ctx, contactId);
  } catch (error) {
    if (error instanceof NotFoundError) return failure("This contact was already deleted.");
    return toFormState(error, []);
  }
  revalidatePath("/contacts");
  revalidatePath("/overview");
  return success("Contact deleted");
}

/** "Load more" on the contact's story: the next page after `cursor`. */
export async function loadContactStoryAction(
  contactId: string,
  cursor: string,
): Promise<{ ok: true; page: ContactStoryResource } | { ok: false; message: string }> {
  const { ctx } = await requireDashboard();
  try {
    return {
      ok: true,
      page: serializeContactStory(
        await listContactStory(ctx, contactId, { cursor, limit: STORY_PAGE_SIZE }),
      ),
    };
  } catch (error) {
    if (error instanceof NotFoundError)
      return { ok: false, message: "This contact no longer exists." };
    if (error instanceof ValidationError)
      return { ok: false, message: "This list changed; reload the page." };
    throw error;
  }
}

export async function addContactTagAction(contactId: string, tag: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await addContactTag(ctx, contactId, { tag });
  } catch (error) {
    if (error instanceof NotFoundError) return failure("This contact no longer exists.");
    return toFormState(error, ["tag"]);
  }
  revalidatePath(`/contacts/${contactId}`);
  revalidatePath("/contacts");
  return success(`Tag “${tag.trim()}” added`);
}

export async function removeContactTagAction(contactId: string, tag: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await removeContactTag(ctx, contactId, { tag });
  } catch (error) {
    if (error instanceof NotFoundError) return failure("This contact no longer exists.");
    return toFormState(error, ["tag"]);
  }
  revalidatePath(`/contacts/${contactId}`);
  revalidatePath("/contacts");
  return success(`Tag “${tag}” removed`);
}
